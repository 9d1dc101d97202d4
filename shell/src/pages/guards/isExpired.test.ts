import { isExpired } from './isExpired';

describe('isExpired', () => {
  const today = '2025-06-15T10:00:00';
  it('is expired only when the date is before today', () => {
    expect(isExpired('2025-06-14', today)).toBe(true);
    expect(isExpired('2025-06-15', today)).toBe(false);
    expect(isExpired('2025-06-16', today)).toBe(false);
  });
  it('never expires without a valid date', () => {
    expect(isExpired(null, today)).toBe(false);
    expect(isExpired('not a date', today)).toBe(false);
  });
});
