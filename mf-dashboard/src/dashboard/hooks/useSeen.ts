import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` holds has come near the screen (within 100 px of it): a chart below the fold is drawn
 * when scrolled to, not in the first view's tasks. Watched from mount, so a chart on screen knows it before its
 * data arrive (the observers of a frame are called in one task: one render for all of them). Once true, stays true.
 * True at once where the browser cannot tell (no IntersectionObserver, as in jsdom).
 */
export function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), { rootMargin: '100px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
