import { useEffect, type RefObject } from 'react';
import { createParticles, drawParticles, particleCount, stepParticles, type Particle } from './particles';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Animates the particle field on the canvas with requestAnimationFrame. When the user asks for reduced
 * motion a single still frame is drawn. Everything (frame, resize listener) is released on unmount.
 */
export function useParticleField(canvasRef: RefObject<HTMLCanvasElement | null>, color: string): void {
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return undefined;

    const still = window.matchMedia?.(REDUCED_MOTION).matches ?? false;
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let frame = 0;
    let last = 0;

    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      width = canvas.clientWidth || window.innerWidth;
      height = canvas.clientHeight || window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      particles = createParticles(particleCount(width, height), width, height);
      drawParticles(ctx, particles, width, height, color);
    };

    const tick = (now: number) => {
      // Cap the step so a tab coming back from the background does not make particles jump.
      const seconds = last ? Math.min((now - last) / 1000, 0.1) : 0;
      last = now;
      stepParticles(particles, width, height, seconds);
      drawParticles(ctx, particles, width, height, color);
      frame = window.requestAnimationFrame(tick);
    };

    resize();
    window.addEventListener('resize', resize);
    if (!still) frame = window.requestAnimationFrame(tick);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [canvasRef, color]);
}
