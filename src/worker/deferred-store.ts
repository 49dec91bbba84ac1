/**
 * A store that is still opening (`openIndexedDbStore()` is async) as the
 * loader takes it: a worker must call `exposeSkillRuntime` synchronously,
 * because a module worker drops the messages that arrive while its
 * top-level `await` is pending — so the runtime takes the store's promise
 * and waits for it on first use.
 * @module
 */
import type { SkillStoreLike } from '../sources/store.js';
import type { RuntimeStore } from './store-facade.js';

/** True when `value` is a promise (or any thenable) rather than a store. */
export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}

/**
 * A loader store over `pending`: `search` waits for it, and `on` subscribes
 * once it has opened (so a loader that listens to its store still hears it).
 */
export function deferredStore(pending: Promise<RuntimeStore>): RuntimeStore {
  return {
    search: async (namespace, options) => (await pending).search(namespace, options),
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
  } satisfies RuntimeStore & Required<Pick<RuntimeStore, 'on'>> & SkillStoreLike;
}
