import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { useIdModifications, type SaveOutcome } from './useIdModifications';

afterEach(() => jest.restoreAllMocks());

it('Test and Save use the text as last edited, even when clicked before the editor edit re-rendered the screen', async () => {
  const requests = fakeServer((req: SeenRequest) => {
    if (req.method === 'GET')
      return { status: 200, data: { storeId: 3, catalogueItemsModification: 'return id;', inventoryItemsModification: 'while (true) {}' } };
    if (req.url.startsWith('/api/idModifications/test')) {
      const { script } = req.data as { script: string };
      return { status: 200, data: script.includes('while') ? { error: 'took longer than 500 ms' } : { result: 'ok' } };
    }
    return { status: 200, data: req.data };
  });
  const { result } = renderHook(() => useIdModifications(3));
  await waitFor(() => expect(result.current.scripts).not.toBeNull());
  // The handlers of the render before the edit, as a click arriving before React re-rendered holds them.
  const { edit, save } = result.current;
  let outcome: SaveOutcome | undefined;
  await act(async () => {
    edit('inventoryItemsModification', 'return id;');
    outcome = await save();
  });
  expect(outcome).toEqual({ saved: true });
  expect(requests.find((r) => r.method === 'PUT')?.data).toEqual({
    storeId: 3,
    catalogueItemsModification: 'return id;',
    inventoryItemsModification: 'return id;',
  });
});
