/**
 * The heartbeat: while calls are pending, ping the worker every
 * `interval` ms; a ping unanswered after `timeout` ms means the worker is
 * gone. Idle connections send nothing, and a quick call never pays for a
 * ping (the first one is due only after `interval`).
 * @module
 */

/** Timing of the liveness check. */
export interface HeartbeatOptions {
  /** Milliseconds between pings while calls are pending (default 1,000). */
  readonly heartbeatInterval?: number;
  /** Milliseconds a ping may go unanswered before the worker counts as lost (default 5,000). */
  readonly heartbeatTimeout?: number;
}

/** The defaults: a lost worker fails pending calls within about 6 s; a busy one has 5 s to answer a ping. */
export const DEFAULT_HEARTBEAT = { heartbeatInterval: 1000, heartbeatTimeout: 5000 } as const;

/** Pings while busy; calls `onSilent` once when a ping times out. */
export class Heartbeat {
  readonly #ping: () => Promise<unknown>;
  readonly #onSilent: (reason: string) => void;
  readonly #interval: number;
  readonly #timeout: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #busy = false;
  #stopped = false;

  constructor(ping: () => Promise<unknown>, onSilent: (reason: string) => void, options: HeartbeatOptions = {}) {
    this.#ping = ping;
    this.#onSilent = onSilent;
    this.#interval = options.heartbeatInterval ?? DEFAULT_HEARTBEAT.heartbeatInterval;
    this.#timeout = options.heartbeatTimeout ?? DEFAULT_HEARTBEAT.heartbeatTimeout;
  }

  /** Calls are pending: ping every interval until {@link idle}. */
  busy(): void {
    if (this.#busy || this.#stopped) return;
    this.#busy = true;
    this.#schedule();
  }

  /** No call is pending: stop pinging. */
  idle(): void {
    this.#busy = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Pings once now (e.g. after an `error` event, which a live worker may also fire). */
  probe(): void {
    void this.#check();
  }

  /** Stops for good. */
  stop(): void {
    this.idle();
    this.#stopped = true;
  }

  /** One timer at most: a ping answered after an idle/busy turn must not start a second loop. */
  #schedule(): void {
    if (this.#timer !== undefined || !this.#busy || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#check().then(() => this.#schedule());
    }, this.#interval);
  }

  async #check(): Promise<void> {
    if (this.#stopped) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.#timeout)));
    // Deferred, so a ping that throws at once (a proxy released meanwhile) counts as an answer, not a crash.
    const ping = Promise.resolve().then(() => this.#ping());
    const answered = await Promise.race([
      ping.then(
        () => true,
        () => true,
      ),
      silent,
    ]);
    clearTimeout(timer);
    if (!answered && !this.#stopped) this.#onSilent(`it did not answer a ping within ${this.#timeout} ms`);
  }
}
