import {
  addInterval,
  canAddInterval,
  changeType,
  initialIntervals,
  isDateUsed,
  moveIntervals,
  periodOf,
  removeInterval,
  setIntervalDate,
  setIntervalRegion,
  toggleInterval,
  yearOptions,
  type IntervalRegion,
  type IntervalsState,
} from './intervals';

const library: IntervalRegion = {
  value: 'store:1',
  title: 'Sant Antoni',
  label: 'Sant Antoni',
  storeIds: [1],
  capacity: 120,
  resetTime: '00:00',
  sensor: false,
};
const other: IntervalRegion = {
  value: 'store:2',
  title: 'Carles Rahola',
  label: 'Carles Rahola',
  storeIds: [2],
  capacity: 80,
  resetTime: '00:00',
  sensor: false,
};
const start = () => initialIntervals('day', 1, library, '2024-03-06');
const ranges = (s: IntervalsState) => s.intervals.map((i) => `${i.startDate}..${i.endDate}`);
const times = <T>(n: number, s: T, f: (s: T) => T) => Array.from({ length: n }).reduce<T>((acc) => f(acc), s);

describe('periods', () => {
  it('day 00:00:00 to 23:59:59; week from the locale first weekday; month; year', () => {
    expect(periodOf('day', '2024-03-06', 1)).toEqual({ startDate: '2024-03-06 00:00:00', endDate: '2024-03-06 23:59:59' });
    expect(periodOf('week', '2024-03-06', 1)).toEqual({ startDate: '2024-03-04 00:00:00', endDate: '2024-03-10 23:59:59' });
    expect(periodOf('week', '2024-03-06', 0)).toEqual({ startDate: '2024-03-03 00:00:00', endDate: '2024-03-09 23:59:59' });
    expect(periodOf('month', '2024-02-10', 1)).toEqual({ startDate: '2024-02-01 00:00:00', endDate: '2024-02-29 23:59:59' });
    expect(periodOf('year', '2024-02-10', 1)).toEqual({ startDate: '2024-01-01 00:00:00', endDate: '2024-12-31 23:59:59' });
  });
  it('the first interval is today in the given region; none without a region', () => {
    expect(ranges(start())).toEqual(['2024-03-06 00:00:00..2024-03-06 23:59:59']);
    expect(start().intervals[0]).toMatchObject({ key: 1, enabled: true, region: library, backupDate: '2024-03-06' });
    expect(initialIntervals('day', 1, null, '2024-03-06').intervals).toEqual([]);
  });
});

describe('transitions (data-areas §4)', () => {
  it('adding copies the last interval shifted one period back', () => {
    const two = addInterval(start());
    expect(ranges(two)).toEqual(['2024-03-06 00:00:00..2024-03-06 23:59:59', '2024-03-05 00:00:00..2024-03-05 23:59:59']);
    expect(two.intervals[1]).toMatchObject({ key: 2, enabled: true, region: library });
    const weeks = addInterval(changeType(start(), 'week'));
    expect(ranges(weeks)[1]).toBe('2024-02-26 00:00:00..2024-03-03 23:59:59');
  });

  it('adding stops at 30 intervals', () => {
    const full = times(40, start(), addInterval);
    expect(full.intervals).toHaveLength(30);
    expect(canAddInterval(full)).toBe(false);
    expect(addInterval(full)).toBe(full);
  });

  it('changing the type resets each interval to that period of its backup date', () => {
    const two = setIntervalDate(addInterval(start()), 2, '2023-03-08');
    const week = changeType(two, 'week');
    expect(ranges(week)).toEqual(['2024-03-04 00:00:00..2024-03-10 23:59:59', '2023-03-06 00:00:00..2023-03-12 23:59:59']);
    expect(ranges(changeType(week, 'year'))).toEqual(['2024-01-01 00:00:00..2024-12-31 23:59:59', '2023-01-01 00:00:00..2023-12-31 23:59:59']);
    expect(ranges(changeType(changeType(week, 'month'), 'day'))).toEqual([
      '2024-03-06 00:00:00..2024-03-06 23:59:59',
      '2023-03-08 00:00:00..2023-03-08 23:59:59',
    ]);
  });

  it('days of one period switched to its type become distinct periods: a repeat goes back until free', () => {
    // Today and yesterday (the same week, month and year), and a third day of that week in another library.
    const days = setIntervalRegion(times(2, start(), addInterval), 3, other);
    expect(ranges(days)).toEqual([
      '2024-03-06 00:00:00..2024-03-06 23:59:59',
      '2024-03-05 00:00:00..2024-03-05 23:59:59',
      '2024-03-04 00:00:00..2024-03-04 23:59:59',
    ]);
    const weeks = changeType(days, 'week');
    expect(ranges(weeks)).toEqual([
      '2024-03-04 00:00:00..2024-03-10 23:59:59',
      '2024-02-26 00:00:00..2024-03-03 23:59:59',
      // Another region: the same week is no repeat.
      '2024-03-04 00:00:00..2024-03-10 23:59:59',
    ]);
    expect(weeks.intervals.map((i) => i.backupDate)).toEqual(['2024-03-06', '2024-02-27', '2024-03-04']);
    expect(ranges(changeType(days, 'year')).slice(0, 2)).toEqual(['2024-01-01 00:00:00..2024-12-31 23:59:59', '2023-01-01 00:00:00..2023-12-31 23:59:59']);
    // Three days of one week, one region: this week, the one before, the one before that.
    const three = changeType(times(2, start(), addInterval), 'week');
    expect(three.intervals.map((i) => i.startDate.slice(0, 10))).toEqual(['2024-03-04', '2024-02-26', '2024-02-19']);
    // Back to days: each its own day; moving keeps them apart.
    expect(changeType(weeks, 'day').intervals.map((i) => i.startDate.slice(0, 10))).toEqual(['2024-03-06', '2024-02-27', '2024-03-04']);
    expect(new Set(moveIntervals(three, -1).intervals.map((i) => i.startDate)).size).toBe(3);
  });

  it('moving shifts every interval one period left or right', () => {
    const two = addInterval(changeType(start(), 'month'));
    expect(ranges(moveIntervals(two, -1))).toEqual(['2024-02-01 00:00:00..2024-02-29 23:59:59', '2024-01-01 00:00:00..2024-01-31 23:59:59']);
    expect(ranges(moveIntervals(moveIntervals(two, -1), 1))).toEqual(ranges(two));
  });

  it('toggling one off enables a neighbour when none would remain enabled', () => {
    const three = times(2, start(), addInterval);
    const oneOff = toggleInterval(three, 1);
    expect(oneOff.intervals.map((i) => i.enabled)).toEqual([false, true, true]);
    const twoOff = toggleInterval(oneOff, 2);
    expect(twoOff.intervals.map((i) => i.enabled)).toEqual([false, false, true]);
    // The last enabled one off: its neighbour (the previous one, as it is last) comes on.
    expect(toggleInterval(twoOff, 3).intervals.map((i) => i.enabled)).toEqual([false, true, false]);
    expect(toggleInterval(toggleInterval(oneOff, 1), 1).intervals.map((i) => i.enabled)).toEqual([false, true, true]);
    expect(toggleInterval(start(), 1).intervals[0].enabled).toBe(true);
  });

  it('removing drops the card (never the last one) and keeps one enabled', () => {
    const three = times(2, start(), addInterval);
    expect(removeInterval(three, 2).intervals.map((i) => i.key)).toEqual([1, 3]);
    expect(removeInterval(start(), 1).intervals).toHaveLength(1);
    const onlyFirstOn = toggleInterval(toggleInterval(three, 2), 3);
    expect(removeInterval(onlyFirstOn, 1).intervals.map((i) => [i.key, i.enabled])).toEqual([
      [2, true],
      [3, false],
    ]);
  });

  it('region and date of one interval', () => {
    const two = setIntervalRegion(addInterval(start()), 2, other);
    expect(two.intervals.map((i) => i.region.value)).toEqual(['store:1', 'store:2']);
    expect(ranges(setIntervalDate(two, 2, '2020-01-01'))[1]).toBe('2020-01-01 00:00:00..2020-01-01 23:59:59');
  });

  it('dates used by another interval of the same region are disabled', () => {
    const two = addInterval(start());
    expect(isDateUsed(two, 2, '2024-03-06')).toBe(true);
    expect(isDateUsed(two, 2, '2024-03-04')).toBe(false);
    expect(isDateUsed(setIntervalRegion(two, 2, other), 2, '2024-03-06')).toBe(false);
    const weeks = changeType(two, 'week');
    expect(isDateUsed(weeks, 2, '2024-03-08')).toBe(true);
  });

  it('the year list holds the current year and the 19 before', () => {
    const years = yearOptions('2024-03-06');
    expect(years).toHaveLength(20);
    expect([years[0], years[19]]).toEqual([2024, 2005]);
  });
});
