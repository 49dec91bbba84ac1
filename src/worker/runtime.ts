/**
 * `createSkillRuntime`: the state a worker holds — one loader and its
 * store — shared by every page connected to it (one tab through a
 * dedicated Worker, or every tab through a SharedWorker).
 * @module
 */
import { SkillLoader, type SkillLoaderOptions } from '../loader/loader.js';
import { storeFacade, type RuntimeStore, type StoreFacade } from './store-facade.js';

/** Options of {@link createSkillRuntime}: the loader's options, and a store that also serves the page. */
export interface SkillRuntimeOptions extends Omit<SkillLoaderOptions, 'store'> {
  /**
   * The org and user skills: the loader reads its `search`, and each of its
   * other forwarded methods (`put`, `get`, `history`, …) is callable from the
   * page as `runtime.store.<method>`. Its `on('change', …)` events reach the
   * page through `runtime.on('change', …)`.
   */
  store?: RuntimeStore;
}

/**
 * What a worker runs: the loader and the store, held once however many
 * pages connect. Worker-side code may use both directly.
 */
export interface SkillRuntime {
  /** The loader every connection reads. */
  readonly loader: SkillLoader;
  /** The store, when one was given. */
  readonly store: RuntimeStore | undefined;
  /** The store's forwarded methods, made async. */
  readonly storeMethods: StoreFacade;
}

/**
 * A runtime to expose on one or more endpoints with `exposeSkillRuntime`.
 *
 * @example
 * ```ts
 * // shared-worker.ts: one runtime for every tab of the app
 * const runtime = createSkillRuntime({ builtin: bundleSource(bundle), store: await openSkillStore() })
 * self.onconnect = (event) => exposeSkillRuntime(runtime, event.ports[0])
 * ```
 */
export function createSkillRuntime(options: SkillRuntimeOptions = {}): SkillRuntime {
  const { store, ...loaderOptions } = options;
  const loader = new SkillLoader(store ? { ...loaderOptions, store } : loaderOptions);
  return { loader, store, storeMethods: storeFacade(store) };
}

/** True when `value` is a runtime made by {@link createSkillRuntime} rather than options for one. */
export function isSkillRuntime(value: unknown): value is SkillRuntime {
  return typeof value === 'object' && value !== null && (value as { loader?: unknown }).loader instanceof SkillLoader && 'storeMethods' in value;
}
