import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` holds while `watching` has come near the screen (within 100 px of it): a chart
 * below the fold is drawn when scrolled to, not in the first view's tasks. Once true, stays true. True at once
 * where the browser cannot tell (no IntersectionObserver, as in jsdom).
 */
export function useSeen(ref: RefObject<HTMLElement | null>, watching: boolean): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !watching || !element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), { rootMargin: '100px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watching, seen]);
  return seen;
}
