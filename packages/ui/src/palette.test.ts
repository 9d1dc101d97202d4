import { PALETTE, colorForLabel, colorMapFor } from './palette';

describe('colorForLabel', () => {
  it('uses the fixed 16-colour palette', () => {
    expect(PALETTE).toHaveLength(16);
    expect(new Set(PALETTE).size).toBe(16);
    expect(PALETTE).toContain(colorForLabel('CHECKOUT'));
  });

  it('gives the same label the same colour every time, whatever else was coloured in between', () => {
    const first = colorForLabel('Biblioteca Central');
    colorMapFor(['Norte', 'Sur', 'Este', 'Oeste']);
    expect(colorForLabel('Biblioteca Central')).toBe(first);
    expect(colorMapFor(['Biblioteca Central', 'Norte'])).toEqual({
      'Biblioteca Central': first,
      Norte: colorForLabel('Norte'),
    });
  });

  it('gives up to 16 labels distinct colours', () => {
    const labels = Array.from({ length: 10 }, (_, i) => `kiosk-${i}`);
    const colours = labels.map(colorForLabel);
    expect(new Set(colours).size).toBe(labels.length);
  });

  it('assigns by label, not by order, in a fresh module (another remote sees the same colours)', () => {
    const a = colorForLabel('self-check A');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./palette') as typeof import('./palette');
      expect(fresh.colorForLabel('self-check A')).toBe(a);
    });
  });
});
