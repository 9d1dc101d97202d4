import { useRef } from 'react';
import { useParticleField } from './useParticleField';

/** Decorative animated background of the login screen; hidden from assistive technology. */
export function ParticleField({ color = '#ffffff' }: { color?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useParticleField(canvasRef, color);
  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="particle-field"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
    />
  );
}
