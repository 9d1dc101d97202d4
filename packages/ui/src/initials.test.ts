import { initials } from './initials';

describe('initials', () => {
  it('takes at most two letters, from the first two words, in capitals', () => {
    expect(initials('Ana García López')).toBe('AG');
    expect(initials('  maría   josé ')).toBe('MJ');
    expect(initials('admin')).toBe('A');
    expect(initials('Émile Zola')).toBe('ÉZ');
  });

  it('is empty without a name', () => {
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});
