import { useLayoutEffect, useRef } from 'react';

/**
 * Runs `reset` in the commit that opens a dialog, and only then. In that commit, not in a later effect: the
 * browser has not painted the dialog yet, so nothing the user types or ticks at once is overwritten. Only then: a
 * re-render while it is open (new column objects, data arriving behind it) must not undo the user's choices.
 */
export function useOnOpening(open: boolean, reset: () => void): void {
  const latest = useRef(reset);
  latest.current = reset;
  useLayoutEffect(() => {
    if (open) latest.current();
  }, [open]);
}
