import { formatEventDate, formatListDate } from './dates';

it('shows list dates as YYYY-MM-DD and events as YYYY-MM-DD HH:mm:ss (local time)', () => {
  expect(formatListDate('2024-03-05')).toBe('2024-03-05');
  expect(formatEventDate('2024-03-05T10:11:12')).toBe('2024-03-05 10:11:12');
  expect(formatListDate(null)).toBe('');
});
