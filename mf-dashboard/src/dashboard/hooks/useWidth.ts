import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's width in px, rounded down to a multiple of `step`, followed as the window or the sidebar changes it
 * (a step, so what depends on it changes only when the width moves by that much). 0 until measured, when `enabled` is
 * false, and where the browser lays nothing out (jsdom). First measured when the ResizeObserver reports the element's
 * first layout (before its first frame is painted), not at mount: reading it there would lay out the whole new page
 * inside the commit that mounted it.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, enabled: boolean, step = 40): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.clientWidth / step) * step));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, step]);
  return width;
}
