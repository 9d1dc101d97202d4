/** Browser APIs jsdom lacks, needed by the dashboard's libraries (tests only). */

// Highcharts reads window.CSS.supports when it is imported.
const win = window as unknown as { CSS?: { supports?: unknown; escape?: unknown } };
if (typeof win.CSS?.supports !== 'function') {
  win.CSS = { ...win.CSS, supports: () => false, escape: (value: string) => value };
}

// antd 6's Select/TreeSelect open their popup in a MessageChannel macrotask.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown): void {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close(): void {}
  }
  class FakeMessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = FakeMessageChannel;
}
export {};
