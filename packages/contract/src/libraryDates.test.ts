import { defaultExpirationDate, isLibraryExpired, libraryToday } from './libraryDates';

// 2024-03-10 23:30 UTC: already 11 March in Madrid (UTC+1), still 10 March in New York.
const NOW = new Date('2024-03-10T23:30:00Z');

describe('library dates', () => {
  it("takes today at the library's time zone (unknown zone: UTC)", () => {
    expect(libraryToday('Europe/Madrid', NOW)).toBe('2024-03-11');
    expect(libraryToday('America/New_York', NOW)).toBe('2024-03-10');
    expect(libraryToday('Not/AZone', NOW)).toBe('2024-03-10');
    expect(libraryToday(undefined, NOW)).toBe('2024-03-11');
  });

  it('is expired only after the expiration day, at the library', () => {
    expect(isLibraryExpired({ expirationDate: '2024-03-10', timezone: 'Europe/Madrid' }, NOW)).toBe(true);
    expect(isLibraryExpired({ expirationDate: '2024-03-10', timezone: 'America/New_York' }, NOW)).toBe(false);
    expect(isLibraryExpired({ expirationDate: '2024-03-11', timezone: 'Europe/Madrid' }, NOW)).toBe(false);
    expect(isLibraryExpired({ expirationDate: '' }, NOW)).toBe(false);
    expect(isLibraryExpired(null, NOW)).toBe(false);
  });

  it("defaults a new library's expiration to one year after its today", () => {
    expect(defaultExpirationDate('Europe/Madrid', NOW)).toBe('2025-03-11');
    expect(defaultExpirationDate('America/New_York', NOW)).toBe('2025-03-10');
    expect(defaultExpirationDate('UTC', new Date('2024-02-29T12:00:00Z'))).toBe('2025-02-28');
  });
});
