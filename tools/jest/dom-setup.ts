// jsdom gaps that antd and react-router need, shared by the remotes' component tests.
import { TextDecoder, TextEncoder } from 'node:util';

// react-router's module scope needs the encoders, which jest's jsdom environment does not expose.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom lacks the layout APIs antd's responsive helpers call. Tests run at desktop width
// unless a test sets `globalThis.__testWidth` (in px) before rendering.
const widthOf = () => (globalThis as { __testWidth?: number }).__testWidth ?? 1280;

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const width = widthOf();
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd measures the scrollbar with getComputedStyle(el, '::-webkit-scrollbar'); jsdom implements
// no pseudo-elements and logs an error for each call.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd's form watcher schedules with MessageChannel (a macro task), which jsdom lacks. A timer is
// the same kind of task and, unlike node's MessageChannel, does not keep the test process alive.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    peer: Port | null = null;
    postMessage(data: unknown) {
      setTimeout(() => this.peer?.onmessage?.({ data }), 0);
    }
    start() {}
    close() {}
  }
  class MessageChannelStub {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.defineProperty(globalThis, 'MessageChannel', { writable: true, value: MessageChannelStub });
}
