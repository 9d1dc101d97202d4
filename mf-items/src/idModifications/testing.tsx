/** Test helpers for the ID modifications screen: its server and the save both screens' tests expect. */
import { fakeServer, type SeenRequest } from '@portal/api/src/testing';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import { storeWithLibrary } from '../catalogues/testing';
import { IdModificationsPage } from '.';

/**
 * Renders the screen for library 3 (catalogue script `return id;`, no inventory script) over a fake HTTP layer
 * with a stand-in for the sandbox: 'fail' in a script is an error, else the id followed by `-ok`.
 */
export function renderIdModifications(): SeenRequest[] {
  const requests = fakeServer((req: SeenRequest) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && path === '/api/idModifications') {
      return { status: 200, data: { storeId: 3, catalogueItemsModification: 'return id;', inventoryItemsModification: '' } };
    }
    if (path === '/api/idModifications/test') {
      const { script, id } = req.data as { script: string; id: string };
      return { status: 200, data: script.includes('fail') ? { error: 'ReferenceError: fail is not defined' } : { result: `${id}-ok` } };
    }
    if (req.method === 'PUT') return { status: 200, data: req.data };
    return { status: 404, data: { code: 'NOT_FOUND' } };
  });
  renderWithPortal(<IdModificationsPage title="ID Modifications" />, { store: storeWithLibrary(), path: '/idModifications' });
  return requests;
}

/** The save both tests make: the catalogue script kept, the inventory script typed. */
export const SAVED_SCRIPTS = { storeId: 3, catalogueItemsModification: 'return id;', inventoryItemsModification: "return 'INV' + id;" };
