import { EXISTS_CHECK_DEBOUNCE_MS, latestExistsCheck } from './existsCheck';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('asks the server 300 ms after the last value only; overtaken calls answer false', async () => {
  const ask = jest.fn(async (value: string) => value === 'taken');
  const check = latestExistsCheck(ask);
  const first = check('tak');
  jest.advanceTimersByTime(EXISTS_CHECK_DEBOUNCE_MS - 1);
  const second = check('taken');
  jest.advanceTimersByTime(EXISTS_CHECK_DEBOUNCE_MS - 1);
  expect(ask).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  await expect(first).resolves.toBe(false);
  await expect(second).resolves.toBe(true);
  expect(ask.mock.calls).toEqual([['taken']]);
  expect(EXISTS_CHECK_DEBOUNCE_MS).toBe(300);
});
