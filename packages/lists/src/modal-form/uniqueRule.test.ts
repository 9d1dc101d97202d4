import { uniqueRule } from './uniqueRule';

afterEach(() => jest.useRealTimers());

const validate = (rule: ReturnType<typeof uniqueRule>, value: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

it('asks 300 ms after typing, fails a taken value with the message, passes empty values and failed checks', async () => {
  expectConsoleError('Exists check failed');
  jest.useFakeTimers();
  const taken = jest.fn(async (name: string) => name === 'Taken');
  const rule = uniqueRule(taken, 'NameAlreadyExistsMessage');
  await expect(validate(rule, '  ')).resolves.toBeUndefined();
  const result = validate(rule, 'Taken');
  jest.advanceTimersByTime(300);
  await expect(result).rejects.toThrow('NameAlreadyExistsMessage');
  const free = validate(rule, 'Free');
  jest.advanceTimersByTime(300);
  await expect(free).resolves.toBeUndefined();
  taken.mockRejectedValueOnce(new Error('offline'));
  const failed = validate(rule, 'Any');
  jest.advanceTimersByTime(300);
  await expect(failed).resolves.toBeUndefined();
  expect(taken).toHaveBeenCalledTimes(3);
});
