import { withAlarmFilter } from './useAlarmFilter';

describe('the default activated filter', () => {
  it('adds alarmActivated for Activated and Deactivated, nothing for All', () => {
    expect(withAlarmFilter({ offset: 0, searchTexts: {} }, 'activated')).toEqual({ offset: 0, searchTexts: { alarmActivated: 'true' } });
    expect(withAlarmFilter({ searchTexts: { barcode: 'BC' } }, 'deactivated')).toEqual({ searchTexts: { barcode: 'BC', alarmActivated: 'false' } });
    expect(withAlarmFilter({ searchTexts: { barcode: 'BC' } }, 'all')).toEqual({ searchTexts: { barcode: 'BC' } });
  });
  it('a search typed in the column wins', () => {
    expect(withAlarmFilter({ searchTexts: { alarmActivated: 'no' } }, 'activated')).toEqual({ searchTexts: { alarmActivated: 'no' } });
  });
});
