import type { CapacityRecord } from '@portal/contract';
import { capacityMessages, CAPACITY_MESSAGES } from './messages';
import { capacityColour, isFull, shownOccupancy, truncateName } from './rules';

describe('capacity colour thresholds (60/90/100 %)', () => {
  it.each([
    [0, 'green'],
    [59, 'green'],
    [60, 'yellow'],
    [89, 'yellow'],
    [90, 'orange'],
    [99, 'orange'],
    [100, 'red'],
    [250, 'red'],
  ])('%i %% → %s', (percentage, colour) => {
    expect(capacityColour(percentage)).toBe(colour);
  });

  it('the traffic light is full at 100 % or more', () => {
    expect(isFull(99)).toBe(false);
    expect(isFull(100)).toBe(true);
    expect(isFull(140)).toBe(true);
  });
});

describe('names cut after 30 characters', () => {
  it('keeps 30, cuts 31', () => {
    expect(truncateName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateName(`${'b'.repeat(30)}X`)).toBe(`${'b'.repeat(30)}…`);
  });

  it('counts characters, not UTF-16 units', () => {
    const name = `${'é'.repeat(29)}😀tail`;
    expect(truncateName(name)).toBe(`${'é'.repeat(29)}😀…`);
  });
});

describe('closed areas show 0', () => {
  const record: CapacityRecord = { name: 'A', storeCode: 'A', opened: false, currentCapacity: 50, maxCapacity: 100, percentageCapacity: 50 };
  it('closed → 0, open → its values', () => {
    expect(shownOccupancy(record)).toEqual({ current: 0, percentage: 0 });
    expect(shownOccupancy({ ...record, opened: true })).toEqual({ current: 50, percentage: 50 });
  });
});

describe('traffic light texts per language', () => {
  it.each(['es', 'eu', 'ca', 'ca0'])('%s has its own texts', (language) => {
    expect(capacityMessages(language)).toBe(CAPACITY_MESSAGES[language as keyof typeof CAPACITY_MESSAGES]);
  });

  it.each([undefined, 'en', 'fr', 'constructor', '__proto__', 'CA'])('%s falls back to Spanish', (language) => {
    expect(capacityMessages(language)).toBe(CAPACITY_MESSAGES.es);
  });
});
