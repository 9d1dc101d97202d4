import { localDateTime, storeClock } from './clock';

describe('storeClock', () => {
  const at = (iso: string) => new Date(iso);

  it('gives each library its own today: New York is still on the 6th when it is the 7th in UTC and Madrid', () => {
    const instant = at('2024-03-07T03:30:00Z');
    expect(storeClock(instant, 'America/New_York', '00:00')).toMatchObject({ now: '2024-03-06 22:30:00', today: '2024-03-06' });
    expect(storeClock(instant, 'Europe/Madrid', '00:00')).toMatchObject({ now: '2024-03-07 04:30:00', today: '2024-03-07' });
  });

  it("starts the month and the year on the library's calendar", () => {
    const clock = storeClock(at('2024-01-01T02:00:00Z'), 'America/New_York', '00:00');
    expect(clock).toMatchObject({ today: '2023-12-31', monthStart: '2023-12-01', yearStart: '2023-01-01' });
  });

  it("resets the occupancy at today's reset time once reached, otherwise at yesterday's", () => {
    expect(storeClock(at('2024-03-06T05:00:00Z'), 'UTC', '06:00').lastReset).toBe('2024-03-05 06:00:00');
    expect(storeClock(at('2024-03-06T06:00:00Z'), 'UTC', '06:00').lastReset).toBe('2024-03-06 06:00:00');
    expect(storeClock(at('2024-03-06T23:59:00Z'), 'UTC', '00:00').lastReset).toBe('2024-03-06 00:00:00');
  });

  it('follows daylight saving time changes', () => {
    // Madrid moves from UTC+1 to UTC+2 on 2024-03-31 at 02:00 local.
    expect(localDateTime(at('2024-03-31T00:30:00Z'), 'Europe/Madrid')).toBe('2024-03-31 01:30:00');
    expect(localDateTime(at('2024-03-31T01:30:00Z'), 'Europe/Madrid')).toBe('2024-03-31 03:30:00');
  });

  it('falls back to Europe/Madrid for a timezone the runtime does not know, and to midnight for a bad reset time', () => {
    const clock = storeClock(at('2024-03-06T23:30:00Z'), 'Mars/Olympus', 'soon');
    expect(clock).toMatchObject({ now: '2024-03-07 00:30:00', lastReset: '2024-03-07 00:00:00' });
  });
});
