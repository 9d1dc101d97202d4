/** data-areas §9: exists checks wait 300 ms after the last keystroke. */
export const EXISTS_CHECK_DEBOUNCE_MS = 300;

/**
 * Wraps an async check so that only the last call within `delay` ms reaches the server. Earlier calls
 * settle as "fine" at once (the form only keeps the result of its latest validation anyway).
 */
export function debouncedCheck<A extends unknown[]>(check: (...args: A) => Promise<boolean>, delay = EXISTS_CHECK_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let settlePrevious: (() => void) | null = null;
  return (...args: A): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      if (timer) clearTimeout(timer);
      settlePrevious?.();
      settlePrevious = () => resolve(false);
      timer = setTimeout(() => {
        timer = null;
        settlePrevious = null;
        check(...args).then(resolve, reject);
      }, delay);
    });
}
