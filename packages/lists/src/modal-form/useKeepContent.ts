import { useEffect, useRef, useState } from 'react';

/** Spec: a closing dialog keeps its content for 500 ms (while it fades out). */
export const KEEP_CONTENT_MS = 500;

/** Whether a dialog's content should be rendered: while open and for `delay` ms after closing. */
export function useKeepContent(open: boolean, delay = KEEP_CONTENT_MS): boolean {
  const [closedFor, setClosedFor] = useState<'long' | 'short'>(open ? 'short' : 'long');
  const isOpen = useRef(open);
  isOpen.current = open;
  useEffect(() => {
    if (open) {
      setClosedFor('short');
      return undefined;
    }
    // The callback checks the latest state: it may fire after a reopening rendered but before its effects ran.
    const timer = setTimeout(() => {
      if (!isOpen.current) setClosedFor('long');
    }, delay);
    return () => clearTimeout(timer);
  }, [open, delay]);
  return open || closedFor === 'short';
}
