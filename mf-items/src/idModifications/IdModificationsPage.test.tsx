/** The ID modifications screen over the real @portal/api calls answered by a fake HTTP layer. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import userEvent from '@testing-library/user-event';
import { renderIdModifications, SAVED_SCRIPTS } from './testing';

jest.setTimeout(60000);
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

/** The code editor's editing area (CodeMirror's contenteditable textbox, named after its script). */
const editor = (name: string) => screen.getByRole('textbox', { name });
/** Replaces the editor's whole text the way a keyboard edit does: one CodeMirror transaction. */
function typeScript(name: string, text: string) {
  const view = EditorView.findFromDOM(editor(name));
  if (!view) throw new Error(`no code editor for ${name}`);
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
  });
}

afterEach(() => jest.restoreAllMocks());

describe('IdModificationsPage', () => {
  it("loads the library's scripts and tests one on 1234, showing the result or the error", async () => {
    const requests = renderIdModifications();
    expect(await screen.findByRole('textbox', { name: 'Catalogue items modification' })).toHaveTextContent('return id;');
    // A real code editor with JavaScript highlighting, not a textarea.
    expect(editor('Catalogue items modification')).toHaveAttribute('contenteditable', 'true');
    expect(editor('Catalogue items modification').closest('.cm-editor')).not.toBeNull();
    expect(editor('Catalogue items modification').querySelector('.ͼb, [class*="ͼ"]')).not.toBeNull();
    await user().click(screen.getByRole('button', { name: 'Test Catalogue items modification' }));
    expect(await screen.findByText('1234-ok')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/idModifications/test')?.data).toEqual({ script: 'return id;', id: '1234' });
    typeScript('Inventory items modification', 'return fail;');
    await user().click(screen.getByRole('button', { name: 'Test Inventory items modification' }));
    expect(await screen.findByText('ReferenceError: fail is not defined')).toBeInTheDocument();
  });

  it("keeps the script's code left to right, wrapper lines included, on a right-to-left page", async () => {
    renderIdModifications();
    await screen.findByRole('textbox', { name: 'Catalogue items modification' });
    // In Arabic the page is right to left: the wrapper lines sit with the editor in a left-to-right block of their
    // card, else 'function (id) {' reads '{ function (id)'.
    const openings = screen.getAllByText('function (id) {');
    expect(openings).toHaveLength(2);
    for (const opening of openings) {
      // The text itself is isolated left to right (antd's right-to-left Typography would override a parent's dir).
      expect(opening.tagName).toBe('BDI');
      expect(opening).toHaveAttribute('dir', 'ltr');
      const block = opening.closest('[data-field] div[dir="ltr"]') as HTMLElement | null;
      expect(block).not.toBeNull();
      expect(within(block!).getByRole('textbox')).toHaveAttribute('contenteditable', 'true');
      expect(within(block!).getByText('}')).toHaveAttribute('dir', 'ltr');
    }
  });

  it('tests a script on the id the user types (a strip-prefix script on LIB-123); Save still test-runs on 1234', async () => {
    const requests = renderIdModifications();
    await screen.findByRole('textbox', { name: 'Catalogue items modification' });
    typeScript('Catalogue items modification', "return id.replace(/^LIB-/, '');");
    const idBox = screen.getByRole('textbox', { name: 'Id to test Catalogue items modification' });
    expect(idBox).toHaveValue('1234');
    const u = user();
    await u.clear(idBox);
    await u.type(idBox, 'LIB-123{Enter}');
    expect(await screen.findByText('LIB-123-ok')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/api/idModifications/test').map((r) => r.data)).toEqual([
      { script: "return id.replace(/^LIB-/, '');", id: 'LIB-123' },
    ]);
    await u.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const saveRuns = requests
      .filter((r) => r.url === '/api/idModifications/test')
      .slice(1)
      .map((r) => (r.data as { id: string }).id);
    expect(saveRuns).toEqual(['1234', '1234']);
  });

  it('refuses to save while a script fails its test run, and saves both once they run', async () => {
    const requests = renderIdModifications();
    await screen.findByRole('textbox', { name: 'Inventory items modification' });
    typeScript('Inventory items modification', 'return fail;');
    await user().click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Error saving ID Modifications')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    typeScript('Inventory items modification', "return 'INV' + id;");
    await user().click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('ID Modifications saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.data).toEqual(SAVED_SCRIPTS));
  });
});
