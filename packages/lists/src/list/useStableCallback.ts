import { useCallback, useLayoutEffect, useRef } from 'react';

/** A function whose identity never changes but that always calls the latest `fn` (keeps memoised views still). */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** Same as useStableCallback, but stays undefined when `fn` is (so "not offered" stays visible to the view). */
export function useOptionalStableCallback<A extends unknown[], R>(fn: ((...args: A) => R) | undefined): ((...args: A) => R) | undefined {
  const stable = useStableCallback((...args: A) => fn!(...args));
  return fn ? stable : undefined;
}
