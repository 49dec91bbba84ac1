/**
 * A store that is still opening (`openIndexedDbStore()` is async) as the
 * loader takes it: a worker must call `exposeSkillRuntime` synchronously,
 * because a module worker drops the messages that arrive while its
 * top-level `await` is pending — so the runtime takes the store's promise
 * and waits for it on first use.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { isLearnedExampleStore, type LearnExampleOptions, type LearnedExampleStore } from '../sources/learned-store.js';
import type { SkillStoreLike } from '../sources/store.js';
import type { MutabilityName } from '../format/agent-md.js';
import type { RuntimeStore } from './store-facade.js';

/** True when `value` is a promise (or any thenable) rather than a store. */
export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}

/** The opened store's learned examples, or `NOT_FOUND` when it keeps none (the loader's own are then in memory only). */
async function learnedOf(pending: Promise<RuntimeStore>): Promise<LearnedExampleStore> {
  const store = await pending;
  if (!isLearnedExampleStore(store)) throw new SkillError('NOT_FOUND', 'The runtime’s store keeps no learned examples (it has no learnExample).');
  return store;
}

/**
 * A loader store over `pending`: `search` waits for it, `on` subscribes
 * once it has opened (so a loader that listens to its store still hears it),
 * and the learned examples wait for it too.
 */
export function deferredStore(pending: Promise<RuntimeStore>): RuntimeStore & LearnedExampleStore {
  return {
    learnExample: async (namespace: readonly string[], example: { readonly name: string; readonly text: string }, options?: LearnExampleOptions) =>
      (await learnedOf(pending)).learnExample(namespace, example, options),
    // A store that keeps none lists none: the loader's load goes on without them.
    learnedExamples: async (namespace: readonly string[], name?: string) =>
      isLearnedExampleStore(await pending) ? (await learnedOf(pending)).learnedExamples(namespace, name) : [],
    forgetExample: async (namespace: readonly string[], name: string, text: string) => (await learnedOf(pending)).forgetExample(namespace, name, text),
    search: async (namespace, options) => (await pending).search(namespace, options),
    // The loader's rules (sources/store-rules.ts) reach the store once it has opened.
    reserveNames(names: Iterable<string>) {
      const list = [...names];
      return pending.then((store) => void store.reserveNames?.(list));
    },
    setMutability: (namespace: readonly string[], mutability: MutabilityName | undefined) =>
      pending.then((store) => void store.setMutability?.(namespace, mutability)),
    // A store without `count` answers undefined, and is read as a foreign store.
    count: async (namespace) => {
      const store = await pending;
      return typeof store.count === 'function' ? store.count(namespace) : undefined;
    },
    on(type, listener) {
      let stop: (() => void) | undefined;
      let stopped = false;
      void pending.then(
        (store) => {
          if (!stopped && store.on) stop = store.on(type, listener);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
  } satisfies RuntimeStore & Required<Pick<RuntimeStore, 'on'>> & SkillStoreLike & LearnedExampleStore;
}
