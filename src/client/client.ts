/**
 * `SkillRuntimeClient`: the loader, the skill tools and the store of a
 * worker, called from the page with the same names and result shapes,
 * every answer a promise.
 * @module
 */
import { proxy, type Remote } from 'comlink';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError, throwIfAborted } from '../format/errors.js';
import type { Skill } from '../format/types.js';
import type { CatalogOptions } from '../agent/catalog/options.js';
import type { CatalogFit } from '../agent/catalog/budget.js';
import type { LoadedSkillRecord } from '../loader/agent/loaded-record.js';
import type { RunToolOptions } from '../agent/grants.js';
import type { ActivationOptions, SkillActivation, Turn } from '../routing/activation.js';
import type { RouteOptions } from '../routing/router.js';
import type { ActivationThresholds, LearnedExample, LoaderActivationOptions, LoadOptions, LoadProgress, RoutedSkill } from '../loader/loader.js';
import { registerSkillErrorTransfer } from '../worker/error-transfer.js';
import type { RuntimeEndpoint } from '../worker/endpoint.js';
import type { SkillProvenance, ToolDescriptor } from '../worker/protocol.js';
import type { RuntimeSession } from '../worker/session.js';
import type { RuntimeStore } from '../worker/store-facade.js';
import { Connection, type ConnectionOptions } from './connection.js';
import { collect } from './paging.js';
import { EventHub, type ClientEvents } from './events.js';
import { storeProxy, type RemoteStore, type StoreChangeOf } from './store-proxy.js';

/** Options of `connectSkillRuntime`: the heartbeat's timing and, in Node, `keepAlive`. */
export type ConnectOptions = ConnectionOptions;

/**
 * The page's handle on a skill runtime in a worker. Lookups that are
 * properties on the loader (`size`, `diagnostics`, `tools`, …) are
 * properties here too, each read a promise. A lost worker rejects every
 * pending and later call with `WORKER_LOST` until {@link reconnect}.
 */
export class SkillRuntimeClient<S extends RuntimeStore = RuntimeStore> {
  /** The store's forwarded methods (`put`, `get`, `history`, …), async. */
  readonly store: RemoteStore<S>;
  readonly #options: ConnectOptions;
  readonly #events = new EventHub<StoreChangeOf<S>>();
  #connection: Connection;
  #calls = 0;

  /** Connects to the runtime behind `endpoint`; `connectSkillRuntime` is the usual way in. */
  constructor(endpoint: RuntimeEndpoint, options: ConnectOptions = {}) {
    registerSkillErrorTransfer();
    this.#options = options;
    this.#connection = this.#connect(endpoint);
    this.store = storeProxy<S>((method, args) => this.#call((remote) => remote.callStore(method, args)));
  }

  /**
   * `loader.loadAll` in the worker. `onProgress` is called on the page
   * after each source, always before the promise settles; aborting `signal`
   * cancels the load in the worker, which rejects with `ABORTED` and keeps
   * its previous cache.
   */
  async loadAll(orgId?: string, userId?: string, options: LoadOptions = {}): Promise<Skill[]> {
    const { signal, onProgress } = options;
    throwIfAborted(signal);
    const callId = `load-${++this.#calls}`;
    const progress = onProgress && proxy((p: LoadProgress) => onProgress(p));
    return this.#call(async (remote) => {
      // Signals do not clone: an abort on the page becomes an `abort(callId)` message to the worker.
      const abort = (): void => void remote.abort(callId).catch(() => undefined);
      signal?.addEventListener('abort', abort, { once: true });
      try {
        return await collect(remote, await remote.loadAll(orgId, userId, { callId }, progress));
      } finally {
        signal?.removeEventListener('abort', abort);
      }
    });
  }

  /** The skill of that exact name, `manual` ones included. */
  getByName(name: string): Promise<Skill | undefined> {
    return this.#call((remote) => remote.getByName(name));
  }

  /** Skills listing `intent` whose activation is `auto` or `intent-matched`. */
  getByIntent(intent: string): Promise<Skill[]> {
    return this.#call(async (remote) => collect(remote, await remote.getByIntent(intent)));
  }

  /** Every cached skill, in precedence order. */
  getAll(): Promise<Skill[]> {
    return this.#call(async (remote) => collect(remote, await remote.getAll()));
  }

  /** Number of cached skills. */
  get size(): Promise<number> {
    return this.#call((remote) => remote.size);
  }

  /** Everything the last load found. */
  get diagnostics(): Promise<readonly Diagnostic[]> {
    return this.#call((remote) => remote.diagnostics);
  }

  /** True once a load has completed in this worker. */
  get isLoaded(): Promise<boolean> {
    return this.#call((remote) => remote.isLoaded);
  }

  /** `{ name, digest }` of every skill the worker's `skills.load` or `activateAsync` returned, in order (`loader.loaded`). */
  get loaded(): Promise<readonly LoadedSkillRecord[]> {
    return this.#call((remote) => remote.loaded);
  }

  /** The turn becomes a learned example of skill `name`, in the worker's routing (`loader.learn`). */
  learn(name: string, turn: string | { readonly text: string }): Promise<LearnedExample> {
    return this.#call((remote) => remote.learn(name, turn));
  }

  /** The learned examples of `name`, or of every skill (`loader.learnedExamples`). */
  learnedExamples(name?: string): Promise<readonly LearnedExample[]> {
    return this.#call((remote) => remote.learnedExamples(name));
  }

  /** Forgets one learned example (`loader.forgetExample`). */
  forgetExample(name: string, text: string): Promise<boolean> {
    return this.#call((remote) => remote.forgetExample(name, text));
  }

  /** Starts {@link loaded} again (a new conversation). */
  clearLoaded(): Promise<void> {
    return this.#call((remote) => remote.clearLoaded());
  }

  /** The digest of every cached skill; the tools' `version`. */
  get digest(): Promise<string> {
    return this.#call((remote) => remote.digest);
  }

  /** The grants the skill tools need. */
  get permissions(): Promise<readonly string[]> {
    return this.#call((remote) => remote.permissions);
  }

  /** `skills.load`, `skills.read` and `skills.search` without `run`: give them to the model, run them with {@link runTool}. */
  get tools(): Promise<ToolDescriptor[]> {
    return this.#call((remote) => remote.tools);
  }

  /** Ranks the `auto` skills for `text`, best first. */
  route(text: string, options: Pick<RouteOptions, 'limit'> = {}): Promise<RoutedSkill[]> {
    return this.#call((remote) => remote.route(text, options));
  }

  /** The skills a turn activates (mentions, intents, search), never one twice. */
  activate(turn: string | Turn, options: ActivationOptions = {}): Promise<SkillActivation[]> {
    return this.#call(async (remote) => collect(remote, await remote.activate(turn, options)));
  }

  /** {@link route} with the embedding stage, which runs in the worker (the loader's `routeAsync`). */
  routeAsync(text: string, options: Pick<RouteOptions, 'limit'> = {}): Promise<RoutedSkill[]> {
    return this.#call((remote) => remote.routeAsync(text, options));
  }

  /** {@link activate} with the embedding stage, which runs in the worker (the loader's `activateAsync`). */
  activateAsync(turn: string | Turn, options: LoaderActivationOptions = {}): Promise<SkillActivation[]> {
    return this.#call(async (remote) => collect(remote, await remote.activateAsync(turn, options)));
  }

  /** The thresholds `activate` and `activateAsync` apply in the worker now (the decision rule's for its skill count, or the fixed one). */
  activationThresholds(options: ActivationOptions = {}): Promise<ActivationThresholds> {
    return this.#call((remote) => remote.activationThresholds(options));
  }

  /** Resolves when every routable skill has its vector; `EMBEDDING_FAILED` when the worker's embedder failed. */
  embeddingsReady(): Promise<void> {
    return this.#call((remote) => remote.embeddingsReady());
  }

  /** The catalog for the system prompt. */
  catalog(options: CatalogOptions = {}): Promise<string> {
    return this.#call((remote) => remote.catalog(options));
  }

  /** The catalog with what its budget did: each listed skill's form, the skills left out, the bytes. */
  catalogFit(options: CatalogOptions = {}): Promise<CatalogFit> {
    return this.#call((remote) => remote.catalogFit(options));
  }

  /** Runs the tool `id` in the worker after the grant check (`PERMISSION_DENIED` when a grant is missing). */
  runTool(id: string, input: unknown, options: RunToolOptions): Promise<unknown> {
    const grants = [...options.grants];
    return this.#call((remote) => remote.runTool(id, input, { grants }));
  }

  /** The text of one listed text file of a cached skill. */
  readFile(name: string, path: string): Promise<string> {
    return this.#call((remote) => remote.readFile(name, path));
  }

  /** Where each of `names` came from, what it needs that is missing, what a scan found (`loader.provenance`, `undefined` for a name not held). */
  provenance(names: readonly string[]): Promise<(SkillProvenance | undefined)[]> {
    const list = [...names];
    return this.#call((remote) => remote.provenance(list));
  }

  /** The scanner's findings for a held skill, its files read in the worker (`loader.scan`). */
  scan(name: string): Promise<Diagnostic[]> {
    return this.#call((remote) => remote.scan(name));
  }

  /** The worker's skills `names`, each read in full: a lazy one's body is fetched first (the loader's `ensureLoaded`). */
  ensureLoaded(names: string | readonly string[]): Promise<Skill[]> {
    const list = typeof names === 'string' ? [names] : [...names];
    return this.#call((remote) => remote.ensureLoaded(list));
  }

  /**
   * Subscribes to `change` (the store's committed changes) or `lost` (the
   * worker is gone); returns the unsubscribe function. `change`
   * subscriptions carry over to a reconnected worker.
   */
  on<K extends keyof ClientEvents<StoreChangeOf<S>>>(type: K, listener: ClientEvents<StoreChangeOf<S>>[K]): () => void {
    return this.#events.on(type, listener);
  }

  /** The `WORKER_LOST` error when the current worker is gone or the client closed, else undefined. */
  get lost(): SkillError | undefined {
    return this.#connection.lost;
  }

  /**
   * Talks to a new worker from now on (after `WORKER_LOST`, or to replace a
   * live one: calls still pending on the old one reject with `WORKER_LOST`).
   * `change` subscriptions move over; the new worker starts empty, so call
   * `loadAll` again.
   */
  reconnect(endpoint: RuntimeEndpoint): void {
    this.#connection.close('replaced by reconnect()');
    this.#connection = this.#connect(endpoint);
  }

  /** Ends the connection: the worker drops this page's subscriptions; later calls reject with `WORKER_LOST`. The app terminates its Worker itself. */
  close(): void {
    this.#connection.close('close() was called');
  }

  #connect(endpoint: RuntimeEndpoint): Connection {
    const connection = new Connection(endpoint, this.#options, (error) => this.#events.lost(error));
    this.#events.attach(connection);
    return connection;
  }

  #call<T>(run: (remote: Remote<RuntimeSession>) => Promise<T>): Promise<T> {
    return this.#connection.call(run);
  }
}
