import { useEffect, useRef, useState } from 'react';

/** Spec: a closing dialog keeps its content for 500 ms (while it fades out). */
export const KEEP_CONTENT_MS = 500;

/**
 * Whether a dialog's content should be rendered (while open and for `delay` ms after closing), and a count
 * of its openings (an effect on it can reset the content to new initial values).
 */
export function useKeepContent(open: boolean, delay = KEEP_CONTENT_MS): { render: boolean; openCount: number } {
  const [closedFor, setClosedFor] = useState<'long' | 'short'>(open ? 'short' : 'long');
  const [openCount, setOpenCount] = useState(0);
  const isOpen = useRef(open);
  isOpen.current = open;
  useEffect(() => {
    if (open) {
      setClosedFor('short');
      setOpenCount((n) => n + 1);
      return undefined;
    }
    // The callback checks the latest state: it may fire after a reopening rendered but before its effects ran.
    const timer = setTimeout(() => { if (!isOpen.current) setClosedFor('long'); }, delay);
    return () => clearTimeout(timer);
  }, [open, delay]);
  return { render: open || closedFor === 'short', openCount };
}
