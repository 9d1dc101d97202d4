// jsdom has no MessageChannel; antd 6's Form (@rc-component/form) schedules its watchers with one.
// Belongs in the shared jest.setup.web.ts; kept here until it is there.
type Listener = ((event: MessageEvent) => void) | null;

class ShimPort {
  onmessage: Listener = null;
  peer: ShimPort | null = null;
  postMessage(data: unknown): void {
    const peer = this.peer;
    setTimeout(() => peer?.onmessage?.({ data } as MessageEvent), 0);
  }
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

if (typeof (globalThis as { MessageChannel?: unknown }).MessageChannel === 'undefined') {
  (globalThis as { MessageChannel?: unknown }).MessageChannel = ShimMessageChannel;
}

// antd measures the scrollbar with a pseudo-element; jsdom implements getComputedStyle without pseudo
// elements and logs "Not implemented" for each call. The element's own style is a fine answer here.
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

// jsdom has no canvas: getContext answers null (as a browser without 2D support would) instead of logging
// "Not implemented"; the login's particle field then draws nothing.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}
