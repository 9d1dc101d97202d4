import { formatNumber } from './formatNumber';

describe('formatNumber (spec §9)', () => {
  it('shows numbers up to 999 as they are', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
  });

  it('shows numbers over 999 as K with one decimal', () => {
    expect(formatNumber(1000)).toBe('1.0K');
    expect(formatNumber(1234)).toBe('1.2K');
    expect(formatNumber(999999)).toBe('1.0M');
    expect(formatNumber(45678)).toBe('45.7K');
  });

  it('shows numbers over 999999 as M with one decimal', () => {
    expect(formatNumber(1000000)).toBe('1.0M');
    expect(formatNumber(2500000)).toBe('2.5M');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatNumber(-1234)).toBe('-1.2K');
  });
});
