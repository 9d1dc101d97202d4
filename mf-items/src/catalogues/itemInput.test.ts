import type { CatalogueItem } from '@portal/api';
import { itemInput } from './itemInput';
import type { ItemFieldLabel } from './itemColumns';

const shown: ItemFieldLabel[] = [
  { key: 'code', label: 'Código' },
  { key: 'field1', label: 'Título' },
];
const item: CatalogueItem = { tid: 7, code: 'A1', objectId: 'RFID-1', field1: 'Old', field2: 'hidden', field3: null, field4: null, field5: null, field6: null };

describe('itemInput', () => {
  it('an edit sends only the shown fields the user changed, never hidden ones', () => {
    expect(itemInput(shown, { code: 'A1', field1: ' New ' }, item)).toEqual({ field1: 'New' });
    expect(itemInput(shown, { code: 'A1', field1: 'Old' }, item)).toEqual({});
  });

  it('an edit that empties a shown field sends it as null', () => {
    expect(itemInput(shown, { code: 'A1', field1: '  ' }, item)).toEqual({ field1: null });
  });

  it('an add sends every shown field', () => {
    expect(itemInput(shown, { code: ' B2 ' }, null)).toEqual({ code: 'B2', field1: null });
  });
});
