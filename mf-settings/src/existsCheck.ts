/** data-areas §9: exists checks wait 300 ms after the last keystroke. */
export const EXISTS_CHECK_DEBOUNCE_MS = 300;

/**
 * An "is this value taken?" check that asks the server only for the last value typed within 300 ms;
 * a call overtaken by a newer one answers false (the form keeps only its latest validation).
 */
export function latestExistsCheck(ask: (value: string) => Promise<boolean>, delay = EXISTS_CHECK_DEBOUNCE_MS) {
  let latest = 0;
  return async (value: string): Promise<boolean> => {
    const call = ++latest;
    await new Promise((resolve) => {
      setTimeout(resolve, delay);
    });
    return call === latest ? ask(value) : false;
  };
}
