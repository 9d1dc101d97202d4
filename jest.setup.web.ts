import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { allowConsoleError, expectConsoleError, expectConsoleWarn, installConsoleGuard } from './scripts/jest/consoleGuard';
import { installVisibilityCssFilter } from './scripts/jest/visibilityCss';

// findBy*/waitFor give up after 1 s by default: too short for a saga and an antd re-render when the two cores are
// shared with builds and other runs (load 15-20 seen here). Waiting longer changes nothing for a passing test; a
// failing one fails later. (jest.config.js gives each test a minute.)
configure({ asyncUtilTimeout: 10_000 });

// A console.error or console.warn a test did not expect fails it; expectConsoleError(/pattern/) (a global, like
// expect) allows the matching ones in that test.
installConsoleGuard();
Object.assign(globalThis, { allowConsoleError, expectConsoleError, expectConsoleWarn });

// The one set of browser APIs jsdom lacks and the portal's libraries (antd 6, Highcharts, typebox) need, for
// every web test. Each is installed only when missing, and the window ones only in a window: a test may opt
// into the node environment (@jest-environment node), e.g. to run webpack.
const hasWindow = typeof window !== 'undefined';

// antd's responsive grid and Table read matchMedia.
if (hasWindow && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd (rc-resize-observer) measures with ResizeObserver.
if (!(globalThis as { ResizeObserver?: unknown }).ResizeObserver) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// typebox (@portal/contract) uses TextEncoder/TextDecoder at module load.
if (!(globalThis as { TextEncoder?: unknown }).TextEncoder) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const util = require('util') as typeof import('util');
  Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
}

// antd 6 schedules in a MessageChannel macrotask: Form's field watchers (@rc-component/form), the popups of
// Select/TreeSelect. A timer stand-in gives the same "later, in a new task" behaviour and follows jest's fake
// timers (setTimeout is looked up when a message is posted).
if (typeof (globalThis as { MessageChannel?: unknown }).MessageChannel === 'undefined') {
  type Listener = ((event: MessageEvent) => void) | null;
  class ShimPort {
    onmessage: Listener = null;
    peer: ShimPort | null = null;
    postMessage(data: unknown): void {
      const peer = this.peer;
      setTimeout(() => peer?.onmessage?.({ data } as MessageEvent), 0);
    }
    start(): void {}
    close(): void {
      this.onmessage = null;
    }
  }
  class ShimMessageChannel {
    port1 = new ShimPort();
    port2 = new ShimPort();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  (globalThis as { MessageChannel?: unknown }).MessageChannel = ShimMessageChannel;
}

if (hasWindow) {
  // antd's CSS-in-JS rules reach jsdom reduced to what decides whether an element is shown or can be pointed
  // at (display, visibility, opacity, pointer-events): the full sheets made each role query and click recompile
  // thousands of selectors (scripts/jest/visibilityCss.ts). A test asserting another antd style
  // (toHaveStyle({ color })) would see only inline styles. PORTAL_JEST_FULL_CSS=1 keeps the full sheets (to compare).
  if (process.env.PORTAL_JEST_FULL_CSS !== '1') installVisibilityCssFilter(window);

  // antd measures the scrollbar with a pseudo-element; jsdom implements getComputedStyle without pseudo
  // elements and logs "Not implemented" for each call. The element's own style is a fine answer here.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  // Highcharts reads window.CSS.supports when it is imported.
  const win = window as unknown as { CSS?: { supports?: unknown; escape?: unknown } };
  if (typeof win.CSS?.supports !== 'function') {
    win.CSS = { ...win.CSS, supports: () => false, escape: (value: string) => value };
  }

  // CodeMirror (the script editors) measures text through a Range's client rects, which jsdom does not have:
  // none, as for text that is not laid out.
  if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
    Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }) as DOMRect;
  }

  // jsdom has no canvas: getContext answers null (as a browser without 2D support would) instead of logging
  // "Not implemented"; the login's particle field then draws nothing. A test that needs a context spies on it.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}
