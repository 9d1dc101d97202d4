import { selectStatistic, shownStatistics, summarize } from './statistics';

describe('legend: at most one statistic per interval with several intervals', () => {
  it('with several intervals a click selects only that statistic', () => {
    expect(selectStatistic(['countIn'], 'inside', true)).toEqual(['inside']);
    expect(selectStatistic(['countIn', 'countOut'], 'countOut', true)).toEqual(['countOut']);
  });

  it('with one interval a click toggles, never leaving none', () => {
    expect(selectStatistic(['countIn'], 'inside', false)).toEqual(['countIn', 'inside']);
    expect(selectStatistic(['countIn', 'inside'], 'countIn', false)).toEqual(['inside']);
    expect(selectStatistic(['countIn'], 'countIn', false)).toEqual(['countIn']);
  });

  it('shown statistics follow the type and the interval count', () => {
    expect(shownStatistics(['countIn', 'inside'], 'day', false)).toEqual(['countIn', 'inside']);
    expect(shownStatistics(['countIn', 'inside'], 'day', true)).toEqual(['countIn']);
    expect(shownStatistics(['countIn'], 'week', false)).toEqual(['total_in']);
  });
});

describe('summary', () => {
  const day = [
    { date: 'a', countIn: 5, countOut: 0, inside: 5 },
    { date: 'b', countIn: 3, countOut: 1, inside: 7 },
    { date: 'c', countIn: 1, countOut: 6, inside: 2 },
  ];
  it('Total In and Max. Inside over every row, or the zoomed part only', () => {
    expect(summarize(day, null)).toEqual({ totalIn: 9, maxInside: 7 });
    expect(summarize(day, [2, 2])).toEqual({ totalIn: 1, maxInside: 2 });
    expect(summarize(day, [0, 1])).toEqual({ totalIn: 8, maxInside: 7 });
  });
  it('period rows use total_in and max_inside', () => {
    const rows = [{ date: '2024-03', total_in: 10, total_out: 9, max_inside: 4, avg_inside: 1, avg_time_person: 3 }];
    expect(summarize(rows, null)).toEqual({ totalIn: 10, maxInside: 4 });
  });
});
