/**
 * One connection to a worker: the Comlink proxy, and the watch that turns
 * a dead worker into `WORKER_LOST` for every pending and later call —
 * from the endpoint's own events (`close` of a port, `exit` of a Node
 * worker) or from the heartbeat (a terminated browser Worker fires none).
 * @module
 */
import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';
import { SkillError } from '../format/errors.js';
import type { RuntimeSession } from '../worker/session.js';
import { toEndpoint, type RuntimeEndpoint } from '../worker/endpoint.js';
import { Heartbeat, type HeartbeatOptions } from './heartbeat.js';

/** How a connection treats its endpoint: the heartbeat's timing, and whether an idle Node worker holds the process open. */
export interface ConnectionOptions extends HeartbeatOptions {
  /**
   * Node only (a `worker_threads` Worker or MessagePort, which have `ref`/`unref`): `true` keeps the process alive
   * while the client is connected, as a plain Worker does; by default (`false`) the client holds it only while a call
   * is pending, so a script ends when its work is done without terminating the worker. A `change` subscription
   * holds the process open through its own callback port until it is stopped or the client closes. Browsers ignore it.
   */
  readonly keepAlive?: boolean;
}

/** Node's handle on what keeps the event loop alive; browsers' endpoints have none. */
interface Refable {
  ref(): void;
  unref(): void;
}

function refableOf(endpoint: RuntimeEndpoint): Refable | undefined {
  const candidate = endpoint as Partial<Refable>;
  return typeof candidate.ref === 'function' && typeof candidate.unref === 'function' ? (candidate as Refable) : undefined;
}

/** Events that mean the other side is gone, and those that only may (checked with a ping). */
const FATAL_EVENTS = ['close', 'exit'] as const;
const DOUBTFUL_EVENTS = ['error'] as const;

/** A live link to one worker; after `lose` or `close` every call rejects with `WORKER_LOST`. */
export class Connection {
  readonly remote: Remote<RuntimeSession>;
  readonly #endpoint: Endpoint;
  readonly #heartbeat: Heartbeat;
  readonly #onLost: (error: SkillError) => void;
  readonly #lostPromise: Promise<never>;
  #reject: (error: SkillError) => void = () => undefined;
  #lost: SkillError | undefined;
  #pending = 0;
  #unwatch: () => void = () => undefined;
  /** Set when idle calls must not hold a Node process open (`keepAlive` off and the endpoint has `unref`). */
  readonly #refable: Refable | undefined;

  constructor(endpoint: RuntimeEndpoint, options: ConnectionOptions, onLost: (error: SkillError) => void) {
    this.#endpoint = toEndpoint(endpoint);
    this.#refable = options.keepAlive === true ? undefined : refableOf(endpoint);
    this.remote = wrap<RuntimeSession>(this.#endpoint);
    this.#onLost = onLost;
    this.#lostPromise = new Promise<never>((_, reject) => (this.#reject = reject));
    this.#lostPromise.catch(() => undefined); // observed by the calls racing it, if any
    this.#heartbeat = new Heartbeat(
      () => this.remote.ping(),
      (reason) => this.lose(reason),
      options,
    );
    this.#watch();
    // Last: adding a `message` listener refs a Node MessagePort again.
    this.#refable?.unref();
  }

  /** The `WORKER_LOST` error once the worker is gone, else undefined. */
  get lost(): SkillError | undefined {
    return this.#lost;
  }

  /** Runs one call, racing it against the loss of the worker. */
  call<T>(run: (remote: Remote<RuntimeSession>) => Promise<T>): Promise<T> {
    if (this.#lost) return Promise.reject(this.#lost);
    if (this.#pending++ === 0) this.#refable?.ref();
    this.#heartbeat.busy();
    return Promise.race([run(this.remote), this.#lostPromise]).finally(() => {
      if (--this.#pending > 0) return;
      this.#heartbeat.idle();
      this.#refable?.unref();
    });
  }

  /** The worker is gone: fail pending calls and every later one. */
  lose(reason: string): void {
    if (this.#lost) return;
    this.#lost = new SkillError('WORKER_LOST', `The skill runtime's worker is lost: ${reason}. Start a new worker and call reconnect(endpoint).`);
    this.#heartbeat.stop();
    this.#unwatch();
    this.#reject(this.#lost);
    this.#onLost(this.#lost);
  }

  /** Ends the connection from this side: the worker-side session is released, later calls fail with `WORKER_LOST`. */
  close(reason: string): void {
    if (this.#lost) return;
    this.#unwatch();
    this.#heartbeat.stop();
    this.#lost = new SkillError('WORKER_LOST', `The connection to the skill runtime was closed: ${reason}.`);
    this.#reject(this.#lost);
    this.remote[releaseProxy]();
  }

  #watch(): void {
    const fatal = (event: Event): void => this.lose(`its endpoint fired \`${event.type}\`${describe(event)}`);
    const doubtful = (): void => this.#heartbeat.probe();
    for (const type of FATAL_EVENTS) this.#endpoint.addEventListener(type, fatal as EventListener);
    for (const type of DOUBTFUL_EVENTS) this.#endpoint.addEventListener(type, doubtful);
    this.#unwatch = () => {
      for (const type of FATAL_EVENTS) this.#endpoint.removeEventListener(type, fatal as EventListener);
      for (const type of DOUBTFUL_EVENTS) this.#endpoint.removeEventListener(type, doubtful);
    };
  }
}

/** The exit code of a Node worker, when the event carries one. */
function describe(event: Event): string {
  const data = (event as Partial<MessageEvent>).data;
  return typeof data === 'number' ? ` (exit code ${data})` : '';
}
