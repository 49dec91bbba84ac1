/**
 * The store as the page calls it: every forwarded method the store type
 * has, same name and arguments, answering with a promise.
 * @module
 */
import { FORWARDED_STORE_METHODS, type ForwardedStoreMethod, type RuntimeStore } from '../worker/store-facade.js';

type Promisified<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * The page's view of a store of type `S`: its forwarded methods, async.
 * With the default `S` every forwarded method is there, loosely typed;
 * pass the store's type to `connectSkillRuntime<SkillStore>()` for exact ones.
 */
export type RemoteStore<S extends RuntimeStore = RuntimeStore> = {
  readonly [M in ForwardedStoreMethod as M extends keyof S ? M : never]-?: Promisified<NonNullable<S[M]>>;
};

/** What the store's `change` events carry for a store of type `S` (`unknown` when `S` does not say). */
export type StoreChangeOf<S extends RuntimeStore> = S extends { on?(type: 'change', listener: (change: infer C) => unknown): unknown } ? C : unknown;

/** A {@link RemoteStore} whose methods all go through `call(method, args)`. */
export function storeProxy<S extends RuntimeStore>(call: (method: ForwardedStoreMethod, args: unknown[]) => Promise<unknown>): RemoteStore<S> {
  const methods: Partial<Record<ForwardedStoreMethod, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const name of FORWARDED_STORE_METHODS) methods[name] = (...args: unknown[]) => call(name, args);
  return Object.freeze(methods) as unknown as RemoteStore<S>;
}
