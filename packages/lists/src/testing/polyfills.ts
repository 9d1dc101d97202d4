/**
 * jsdom lacks MessageChannel, which antd's form uses to batch field watchers (a macro task). A timer-based
 * stand-in gives the same "later, in a new task" behaviour (and follows jest's fake timers).
 */
if (typeof (globalThis as { MessageChannel?: unknown }).MessageChannel === 'undefined') {
  type Handler = ((event: { data: unknown }) => void) | null;
  class Port {
    onmessage: Handler = null;
    peer: Port | null = null;
    postMessage(data: unknown): void {
      const target = this.peer;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    start(): void {}
    close(): void { this.onmessage = null; }
  }
  class FakeMessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: FakeMessageChannel });
}
export {};
