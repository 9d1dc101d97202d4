import '@testing-library/jest-dom';

// jsdom lacks these browser APIs that antd relies on.
// Guarded so a test may opt into the node environment (@jest-environment node), e.g. to run webpack.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
}
if (!(globalThis as { ResizeObserver?: unknown }).ResizeObserver) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
// jsdom lacks TextEncoder/TextDecoder, which typebox (@portal/contract) uses at module load.
if (!(globalThis as { TextEncoder?: unknown }).TextEncoder) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const util = require('util') as typeof import('util');
  Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
}
