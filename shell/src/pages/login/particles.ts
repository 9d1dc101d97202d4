// Pure model of the login background: particles drifting and wrapping around the edges.
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

/** Pixels per particle: the field stays equally dense on any screen size. */
const AREA_PER_PARTICLE = 14000;
const MAX_PARTICLES = 120;
/** Particles closer than this are joined by a fading line. */
export const LINK_DISTANCE = 120;
/** Drift speed in pixels per second. */
const MAX_SPEED = 24;

export function particleCount(width: number, height: number): number {
  return Math.min(MAX_PARTICLES, Math.max(12, Math.round((width * height) / AREA_PER_PARTICLE)));
}

export function createParticles(count: number, width: number, height: number, random: () => number = Math.random): Particle[] {
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: (random() * 2 - 1) * MAX_SPEED,
    vy: (random() * 2 - 1) * MAX_SPEED,
    r: 1 + random() * 1.5,
  }));
}

const wrap = (value: number, size: number) => ((value % size) + size) % size;

/** Moves every particle by its velocity over `seconds`, wrapping at the edges (mutates for speed: 60 fps). */
export function stepParticles(particles: Particle[], width: number, height: number, seconds: number): void {
  for (const p of particles) {
    p.x = wrap(p.x + p.vx * seconds, width);
    p.y = wrap(p.y + p.vy * seconds, height);
  }
}

export function drawParticles(ctx: CanvasRenderingContext2D, particles: readonly Particle[], width: number, height: number, color: string): void {
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  for (let i = 0; i < particles.length; i += 1) {
    const a = particles[i];
    ctx.globalAlpha = 0.8;
    ctx.beginPath();
    ctx.arc(a.x, a.y, a.r, 0, Math.PI * 2);
    ctx.fill();
    for (let j = i + 1; j < particles.length; j += 1) {
      const b = particles[j];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance < LINK_DISTANCE) {
        ctx.globalAlpha = 0.35 * (1 - distance / LINK_DISTANCE);
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
    }
  }
  ctx.globalAlpha = 1;
}
