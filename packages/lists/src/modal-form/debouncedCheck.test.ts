import { debouncedCheck } from './debouncedCheck';

afterEach(() => jest.useRealTimers());

it('asks only about the last value typed within 300 ms', async () => {
  jest.useFakeTimers();
  const check = jest.fn(async (name: string) => name === 'taken');
  const exists = debouncedCheck(check);
  const first = exists('ta');
  const last = exists('taken');
  jest.advanceTimersByTime(299);
  expect(check).not.toHaveBeenCalled();
  await expect(first).resolves.toBe(false);
  jest.advanceTimersByTime(1);
  await expect(last).resolves.toBe(true);
  expect(check).toHaveBeenCalledTimes(1);
  expect(check).toHaveBeenCalledWith('taken');
});
