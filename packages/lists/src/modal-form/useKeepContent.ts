import { useEffect, useState } from 'react';

/** Spec: a closing dialog keeps its content for 500 ms (while it fades out). */
export const KEEP_CONTENT_MS = 500;

/**
 * Whether a dialog's content should be rendered, and a key that changes on every opening (so the content
 * mounts fresh with the new initial values).
 */
export function useKeepContent(open: boolean, delay = KEEP_CONTENT_MS): { render: boolean; openCount: number } {
  const [render, setRender] = useState(open);
  const [openCount, setOpenCount] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setRender(true);
      setOpenCount((n) => n + 1);
    }
  }
  useEffect(() => {
    if (open) return undefined;
    const timer = setTimeout(() => setRender(false), delay);
    return () => clearTimeout(timer);
  }, [open, delay]);
  return { render, openCount };
}
