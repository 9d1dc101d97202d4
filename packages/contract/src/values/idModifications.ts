/** ID script limits, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

/** Longest script accepted (the server's sandbox limit). */
export const ID_SCRIPT_MAX_LENGTH = 20_000;

/** The example id scripts are test-run on. */
export const ID_SCRIPT_EXAMPLE_ID = '1234';
