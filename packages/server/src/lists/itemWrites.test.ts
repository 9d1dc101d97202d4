import { ERROR_CODES, ITEM_TEXT_MAX } from '@portal/contract';
import { normalizeItem } from './items';
import { hasObjectIdColumn, itemViolation, type ObjectIdColumn } from './itemWrites';

const objectIdOnly = normalizeItem({ objectId: 'E1' });
const neither = normalizeItem({ field1: 'title' });

describe('the one objectId rule (data-areas §5)', () => {
  it.each<[string, ObjectIdColumn, boolean]>([
    ['manual add/edit with the library objectId label', { path: 'manual', objectIdLabel: 'RFID' }, true],
    ['manual add/edit without it (blank label)', { path: 'manual', objectIdLabel: '  ' }, false],
    ['manual add/edit without it (no label)', { path: 'manual', objectIdLabel: null }, false],
    ['import/sync with an objectId column mapped', { path: 'file', mapped: true }, true],
    ['import/sync without', { path: 'file', mapped: false }, false],
    ['Add Items To, always', { path: 'addTo' }, true],
  ])('%s', (_name, source, withColumn) => {
    expect(hasObjectIdColumn(source)).toBe(withColumn);
    expect(itemViolation(objectIdOnly, source)).toEqual(withColumn ? null : { code: ERROR_CODES.CODE_REQUIRED, field: 'code' });
    expect(itemViolation(neither, source)).toEqual(withColumn ? { code: ERROR_CODES.AT_LEAST_ONE_CODE } : { code: ERROR_CODES.CODE_REQUIRED, field: 'code' });
    expect(itemViolation(normalizeItem({ code: 'A1' }), source)).toBeNull();
    expect(itemViolation(normalizeItem({ code: 'A1', field3: 'x'.repeat(ITEM_TEXT_MAX + 1) }), source)).toEqual({ code: 'VALUE_TOO_LONG', field: 'field3' });
  });
});
