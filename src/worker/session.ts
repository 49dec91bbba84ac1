/**
 * `RuntimeSession`: what one endpoint sees of a runtime. Every method
 * answers with structured-clone-safe data (lists of skills and activations
 * in pages: `paging.ts`); the loader's and the tools'
 * errors are `SkillError`s, carried whole by the error transfer handler.
 * A session owns what a page left behind in the worker — its subscriptions
 * and the controllers of its pending loads — and drops them when closed.
 * @module
 */
import { releaseProxy } from 'comlink';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import type { Skill } from '../format/types.js';
import type { CatalogOptions } from '../agent/catalog/options.js';
import type { CatalogFit } from '../agent/catalog/budget.js';
import type { LoadedSkillRecord } from '../loader/agent/loaded-record.js';
import { runTool } from '../agent/grants.js';
import type { ActivationOptions, SkillActivation, Turn } from '../routing/activation.js';
import type { RouteOptions } from '../routing/router.js';
import type { ActivationThresholds, LearnedExample, LoaderActivationOptions, LoadProgress, RoutedSkill } from '../loader/loader.js';
import { FORWARDED_STORE_METHODS, type ForwardedStoreMethod } from './store-facade.js';
import type { SkillRuntime } from './runtime.js';
import { AnswerPages, type AnswerPage } from './paging.js';
import type { RemoteLoadOptions, RemoteProgress, RemoteRunToolOptions, RuntimeEventType, SkillProvenance, ToolDescriptor } from './protocol.js';

/** The API a runtime exposes on an endpoint; the client calls it through Comlink. */
export class RuntimeSession {
  readonly #runtime: SkillRuntime;
  readonly #loads = new Map<string, AbortController>();
  readonly #pages = new AnswerPages();
  readonly #subscriptions = new Map<number, { readonly listener: unknown; stop: () => void }>();
  #nextSubscription = 1;

  /** A session over `runtime`; `exposeSkillRuntime` makes one per endpoint. */
  constructor(runtime: SkillRuntime) {
    this.#runtime = runtime;
  }

  /** Answers at once: the client's heartbeat. */
  ping(): true {
    return true;
  }

  /** `loader.loadAll`, cancellable by `abort(callId)`, with progress sent back before the answer. */
  async loadAll(orgId?: string, userId?: string, options: RemoteLoadOptions = {}, onProgress?: RemoteProgress): Promise<AnswerPage<Skill>> {
    const { callId } = options;
    const controller = new AbortController();
    if (callId !== undefined) this.#loads.set(callId, controller);
    const deliveries: Promise<unknown>[] = [];
    const report = (progress: LoadProgress): void => {
      // Delivered over another port than the answer: wait for each, so no progress arrives after the result.
      if (onProgress) deliveries.push(Promise.resolve(onProgress(progress)).catch(() => undefined));
    };
    try {
      return this.#pages.first(await this.#runtime.loader.loadAll(orgId, userId, { signal: controller.signal, onProgress: report }));
    } finally {
      if (callId !== undefined) this.#loads.delete(callId);
      await Promise.all(deliveries);
      release(onProgress);
    }
  }

  /** Cancels the load `callId`: it rejects with `ABORTED` and the previous cache stays. */
  abort(callId: string): void {
    this.#loads.get(callId)?.abort(new SkillError('ABORTED', 'The page cancelled the load.'));
  }

  /** `loader.getByName`. */
  getByName(name: string): Skill | undefined {
    return this.#runtime.loader.getByName(name);
  }

  /** `loader.getByIntent`, paged. */
  getByIntent(intent: string): AnswerPage<Skill> {
    return this.#pages.first(this.#runtime.loader.getByIntent(intent));
  }

  /** `loader.getAll`, paged. */
  getAll(): AnswerPage<Skill> {
    return this.#pages.first(this.#runtime.loader.getAll());
  }

  /** The next page of a long answer (see `paging.ts`). */
  nextPage(handle: number): AnswerPage<unknown> {
    return this.#pages.next(handle);
  }

  /** `loader.size`. */
  get size(): number {
    return this.#runtime.loader.size;
  }

  /** `loader.diagnostics`. */
  get diagnostics(): readonly Diagnostic[] {
    return this.#runtime.loader.diagnostics;
  }

  /** `loader.isLoaded`. */
  get isLoaded(): boolean {
    return this.#runtime.loader.isLoaded;
  }

  /** `loader.loaded`, as a plain array. */
  get loaded(): LoadedSkillRecord[] {
    return [...this.#runtime.loader.loaded];
  }

  /** `loader.learn`. */
  learn(name: string, turn: string | { readonly text: string }): Promise<LearnedExample> {
    return this.#runtime.loader.learn(name, turn);
  }

  /** `loader.learnedExamples`, as a plain array. */
  learnedExamples(name?: string): LearnedExample[] {
    return [...this.#runtime.loader.learnedExamples(name)];
  }

  /** `loader.forgetExample`. */
  forgetExample(name: string, text: string): Promise<boolean> {
    return this.#runtime.loader.forgetExample(name, text);
  }

  /** `loader.clearLoaded`. */
  clearLoaded(): void {
    this.#runtime.loader.clearLoaded();
  }

  /** `loader.digest`. */
  get digest(): string {
    return this.#runtime.loader.digest;
  }

  /** `loader.permissions`, as a plain array. */
  get permissions(): readonly string[] {
    return [...this.#runtime.loader.permissions];
  }

  /** `loader.route`. */
  route(text: string, options: Pick<RouteOptions, 'limit'> = {}): RoutedSkill[] {
    return this.#runtime.loader.route(text, options);
  }

  /** `loader.activate`, paged. */
  activate(turn: string | Turn, options: ActivationOptions = {}): AnswerPage<SkillActivation> {
    return this.#pages.first(this.#runtime.loader.activate(turn, options));
  }

  /** `loader.routeAsync`: the embedding stage runs here, in the worker. */
  routeAsync(text: string, options: Pick<RouteOptions, 'limit'> = {}): Promise<RoutedSkill[]> {
    return this.#runtime.loader.routeAsync(text, options);
  }

  /** `loader.activateAsync`, paged. */
  async activateAsync(turn: string | Turn, options: LoaderActivationOptions = {}): Promise<AnswerPage<SkillActivation>> {
    return this.#pages.first(await this.#runtime.loader.activateAsync(turn, options));
  }

  /** `loader.activationThresholds`. */
  activationThresholds(options: ActivationOptions = {}): ActivationThresholds {
    return this.#runtime.loader.activationThresholds(options);
  }

  /** `loader.embeddingsReady`. */
  embeddingsReady(): Promise<void> {
    return this.#runtime.loader.embeddingsReady();
  }

  /** `loader.catalog`. */
  catalog(options: CatalogOptions = {}): string {
    return this.#runtime.loader.catalog(options);
  }

  /** `loader.catalogFit`. */
  catalogFit(options: CatalogOptions = {}): CatalogFit {
    return this.#runtime.loader.catalogFit(options);
  }

  /** The tools without their `run` (a function cannot cross); run them with {@link runTool}. */
  get tools(): ToolDescriptor[] {
    return this.#runtime.loader.tools.map(({ run: _run, ...tool }) => ({ ...tool, grants: [...tool.grants] }));
  }

  /** Runs the tool `id` over the current cache, after the same grant check as in process (`PERMISSION_DENIED`). */
  async runTool(id: string, input: unknown, options: RemoteRunToolOptions): Promise<unknown> {
    const tool = this.#runtime.loader.tools.find((t) => t.id === id);
    if (!tool) throw new SkillError('NOT_FOUND', `There is no tool "${id}"; tools: ${this.#runtime.loader.tools.map((t) => t.id).join(', ') || 'none'}.`);
    return runTool(tool, input, options);
  }

  /** `loader.readFile`. */
  readFile(name: string, path: string): Promise<string> {
    return this.#runtime.loader.readFile(name, path);
  }

  /** `loader.provenance` of each of `names` (`undefined` for a name not held), in the order given. */
  provenance(names: readonly string[]): (SkillProvenance | undefined)[] {
    return names.map((name) => this.#runtime.loader.provenance(name));
  }

  /** `loader.scan`: the scanner's findings for a held skill. */
  scan(name: string): Promise<Diagnostic[]> {
    return this.#runtime.loader.scan(name);
  }

  /** `loader.ensureLoaded`: the skills `names`, each read in full (lazy ones fetched first). */
  ensureLoaded(names: readonly string[]): Promise<Skill[]> {
    return this.#runtime.loader.ensureLoaded(names);
  }

  /** Calls the store's `method`; `NOT_FOUND` when the runtime has no store or the store no such forwarded method. */
  async callStore(method: ForwardedStoreMethod, args: readonly unknown[]): Promise<unknown> {
    const store = await this.#runtime.store;
    const forwarded =
      store && (FORWARDED_STORE_METHODS as readonly string[]).includes(method) ? (store as unknown as Record<string, unknown>)[method] : undefined;
    if (typeof forwarded !== 'function') {
      const why = store ? `its store has no method "${method}" the runtime forwards` : 'it was created without a store';
      throw new SkillError('NOT_FOUND', `The skill runtime cannot call store.${method}: ${why}.`);
    }
    return (forwarded as (...a: unknown[]) => unknown).apply(store, [...args]);
  }

  /**
   * Sends the store's `change` events to `listener` (a Comlink proxy) and
   * returns the subscription's id for {@link unsubscribe}. A store without
   * `on` has no events to send: the subscription stays silent.
   */
  async subscribe(type: RuntimeEventType, listener: (event: unknown) => unknown): Promise<number> {
    const id = this.#nextSubscription++;
    const subscription = { listener, stop: () => undefined as void };
    this.#subscriptions.set(id, subscription);
    const store = await this.#runtime.store;
    // Unsubscribed while the store was opening: nothing to start.
    if (!store?.on || !this.#subscriptions.has(id)) return id;
    // Never return the delivery: the store awaits a listener's promise, and a page must not hold up a write.
    subscription.stop = store.on(type, (change) => void Promise.resolve(listener(change)).catch(() => undefined));
    return id;
  }

  /** Ends a subscription; false when there was none of that id. */
  unsubscribe(id: number): boolean {
    const subscription = this.#subscriptions.get(id);
    if (!subscription) return false;
    this.#subscriptions.delete(id);
    subscription.stop();
    release(subscription.listener);
    return true;
  }

  /** Drops every subscription and cancels every pending load: the page is gone. */
  close(): void {
    for (const id of [...this.#subscriptions.keys()]) this.unsubscribe(id);
    for (const controller of this.#loads.values()) controller.abort(new SkillError('ABORTED', 'The page disconnected.'));
    this.#pages.clear();
  }
}

/** Releases a Comlink proxy the page sent (its port closes); plain functions pass through. */
function release(value: unknown): void {
  if (typeof value !== 'function') return;
  const free = (value as unknown as Record<symbol, unknown>)[releaseProxy];
  if (typeof free === 'function') (free as () => void)();
}
