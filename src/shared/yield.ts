/**
 * Giving the event loop a turn during long synchronous work (parsing a big
 * listing), so timers, I/O and messages are not held up: a page or worker
 * stays responsive. Environment-neutral: only globals every runtime has are
 * looked up, at call time.
 * @module
 */

interface YieldGlobals {
  readonly scheduler?: { readonly yield?: () => Promise<void> };
  readonly setImmediate?: (callback: () => void) => unknown;
}

/** Resolves after the event loop has had a turn: `scheduler.yield()`, `setImmediate`, a `MessageChannel` message, or `setTimeout(0)`, whichever exists first. */
export function yieldToEventLoop(): Promise<void> {
  const g = globalThis as YieldGlobals;
  if (typeof g.scheduler?.yield === 'function') return g.scheduler.yield();
  const immediate = g.setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => void immediate(resolve));
  // A message is not clamped to 4 ms as nested timeouts are in browsers.
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    return new Promise((resolve) => {
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Cuts a loop into slices: {@link PeriodicYielder.tick} after each item yields to the
 * event loop once `maxItems` items or `maxMs` milliseconds have passed since
 * the last yield, whichever comes first.
 */
export class PeriodicYielder {
  readonly #maxItems: number;
  readonly #maxMs: number;
  #items = 0;
  #since = Date.now();

  /** A yielder that yields every `maxItems` items or `maxMs` ms (defaults 256 and 8). */
  constructor(maxItems = 256, maxMs = 8) {
    this.#maxItems = maxItems;
    this.#maxMs = maxMs;
  }

  /** Counts one item; a promise to await when the slice is used up, else `undefined` (no await, no microtask). */
  tick(): Promise<void> | undefined {
    this.#items++;
    if (this.#items < this.#maxItems && Date.now() - this.#since < this.#maxMs) return undefined;
    this.#items = 0;
    return yieldToEventLoop().then(() => {
      this.#since = Date.now();
    });
  }
}
