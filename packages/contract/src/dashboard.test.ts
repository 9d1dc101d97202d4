import { Compile } from 'typebox/compile';
import { addDays, dayOfWeek, DashboardWeekQuery, isCalendarDay, SelfcheckDistributionQuery, weekDays, weekStartOf } from './dashboard';

describe('week computation', () => {
  // 2024-03-06 is a Wednesday.
  it('starts the week on Monday when weekStartDay is 1', () => {
    expect(weekStartOf('2024-03-06', 1)).toBe('2024-03-04');
    expect(weekDays('2024-03-06', 1)).toEqual(['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08', '2024-03-09', '2024-03-10']);
  });

  it('starts the week on Sunday when weekStartDay is 0', () => {
    expect(weekStartOf('2024-03-06', 0)).toBe('2024-03-03');
    expect(weekDays('2024-03-06', 0)[6]).toBe('2024-03-09');
  });

  it('keeps a day that is itself the first weekday, for either convention', () => {
    expect(weekStartOf('2024-03-04', 1)).toBe('2024-03-04'); // Monday
    expect(weekStartOf('2024-03-10', 0)).toBe('2024-03-10'); // Sunday
    expect(weekStartOf('2024-03-10', 1)).toBe('2024-03-04'); // Sunday ends a Monday week
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(weekDays('2024-01-01', 0)[0]).toBe('2023-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 7)).toBe('2024-03-07');
    expect(dayOfWeek('2024-02-29')).toBe(4);
  });

  it('does not depend on the process timezone or a DST change inside the week', () => {
    // Europe changes to summer time on 2024-03-31: the week still has seven distinct days.
    const days = weekDays('2024-03-31', 1);
    expect(days).toEqual(['2024-03-25', '2024-03-26', '2024-03-27', '2024-03-28', '2024-03-29', '2024-03-30', '2024-03-31']);
  });

  it('recognises real calendar days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-13-01')).toBe(false);
    expect(isCalendarDay('2024-1-01')).toBe(false);
  });
});

describe('query schemas', () => {
  const week = Compile(DashboardWeekQuery);
  const distribution = Compile(SelfcheckDistributionQuery);

  it('accepts comma-separated store ids, or none', () => {
    expect(week.Check({ selectedStoreIds: '1,2,30', weekStartDay: 1, date: '2024-03-06' })).toBe(true);
    expect(week.Check({ selectedStoreIds: '', weekStartDay: 0, date: '2024-03-06' })).toBe(true);
  });

  it('rejects malformed ids, week start days and dates', () => {
    expect(week.Check({ selectedStoreIds: '1,,2', weekStartDay: 1, date: '2024-03-06' })).toBe(false);
    expect(week.Check({ selectedStoreIds: '1;DROP', weekStartDay: 1, date: '2024-03-06' })).toBe(false);
    expect(week.Check({ selectedStoreIds: '1', weekStartDay: 7, date: '2024-03-06' })).toBe(false);
    expect(week.Check({ selectedStoreIds: '1', weekStartDay: 1, date: '06/03/2024' })).toBe(false);
  });

  it('knows the three self-service types only', () => {
    const base = { selectedStoreIds: '1', weekStartDay: 1, date: '2024-03-06' };
    expect(distribution.Check({ ...base, type: 'RENEW' })).toBe(true);
    expect(distribution.Check({ ...base, type: 'INFORMATION' })).toBe(false);
  });
});
