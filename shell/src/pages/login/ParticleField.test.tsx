import { render } from '@testing-library/react';
import { ParticleField } from './ParticleField';
import { createParticles, stepParticles } from './particles';

function fakeContext(): CanvasRenderingContext2D {
  const noop = () => undefined;
  return {
    clearRect: jest.fn(noop),
    beginPath: noop,
    arc: noop,
    fill: noop,
    moveTo: noop,
    lineTo: noop,
    stroke: noop,
    setTransform: noop,
    fillStyle: '',
    strokeStyle: '',
    globalAlpha: 1,
  } as unknown as CanvasRenderingContext2D;
}

function mockReducedMotion(reduce: boolean) {
  jest.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: () => false,
  }));
}

describe('ParticleField', () => {
  let ctx: CanvasRenderingContext2D;
  beforeEach(() => {
    ctx = fakeContext();
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
  });
  afterEach(() => jest.restoreAllMocks());

  it('animates with requestAnimationFrame and cancels the frame and resize listener on unmount', () => {
    mockReducedMotion(false);
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockReturnValue(42);
    const cancel = jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    const removeListener = jest.spyOn(window, 'removeEventListener');
    const { unmount } = render(<ParticleField />);
    expect(raf).toHaveBeenCalledTimes(1);
    unmount();
    expect(cancel).toHaveBeenCalledWith(42);
    expect(removeListener).toHaveBeenCalledWith('resize', expect.any(Function));
  });

  it('draws one still frame and never animates when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockReturnValue(1);
    render(<ParticleField />);
    expect(ctx.clearRect).toHaveBeenCalledTimes(1);
    expect(raf).not.toHaveBeenCalled();
  });
});

describe('particles', () => {
  it('wrap around the edges instead of leaving the field', () => {
    const particles = createParticles(1, 100, 50, () => 0.99);
    particles[0].vx = 50;
    particles[0].vy = -200;
    stepParticles(particles, 100, 50, 1);
    expect(particles[0].x).toBeGreaterThanOrEqual(0);
    expect(particles[0].x).toBeLessThan(100);
    expect(particles[0].y).toBeGreaterThanOrEqual(0);
    expect(particles[0].y).toBeLessThan(50);
  });
});
