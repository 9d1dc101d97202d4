import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's width in px, rounded down to a multiple of `step`, followed as the window or the sidebar changes it
 * (a step, so what depends on it changes only when the width moves by that much). 0 until measured, when `enabled` is
 * false, and where the browser lays nothing out (jsdom). Measured once at mount, before the element's first frame.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, enabled: boolean, step = 40): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return undefined;
    const measure = () => setWidth(Math.floor(element.clientWidth / step) * step);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, step]);
  return width;
}
