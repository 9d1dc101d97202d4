import { isOpenAt } from './opened';

describe("isOpenAt (opening hours in the library's clock)", () => {
  it.each([
    ['2024-03-07 08:59:59', '09:00', '21:00', false],
    ['2024-03-07 09:00:00', '09:00', '21:00', true],
    ['2024-03-07 20:59:00', '09:00', '21:00', true],
    ['2024-03-07 21:00:00', '09:00', '21:00', false],
    ['2024-03-07 23:30:00', '22:00', '02:00', true],
    ['2024-03-07 01:59:00', '22:00', '02:00', true],
    ['2024-03-07 02:00:00', '22:00', '02:00', false],
    ['2024-03-07 12:00:00', '00:00', '00:00', true],
  ])('%s with %s–%s → %s', (now, start, end, open) => {
    expect(isOpenAt(now, start, end)).toBe(open);
  });
});
