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
