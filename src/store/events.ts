/**
 * The store's change events: listeners are called after a change commits,
 * and a write resolves only once every listener (a loader updating its
 * cache, say) has finished, so the caller sees the change applied.
 * @module
 */
import { itemOf, type HeadRecord } from './records.js';
import type { WriteOutcome } from './revisions.js';
import type { StoreChange, StoreListener } from './types.js';

/** A set of change listeners. */
export interface ChangeEmitter {
  on(listener: StoreListener): () => void;
  /** Calls every listener and waits for them; a listener that throws does not stop the others. */
  emit(change: StoreChange): Promise<void>;
}

/** A new, empty emitter. */
export function createChangeEmitter(): ChangeEmitter {
  const listeners = new Set<StoreListener>();
  return {
    on(listener) {
      // A wrapper per subscription, so the same function subscribed twice is called twice and unsubscribed once.
      const entry: StoreListener = (change) => listener(change);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    async emit(change) {
      const runs = [...listeners].map(async (listener) => listener(change));
      // The change is committed whatever a listener does: its failure is its own.
      await Promise.allSettled(runs);
    },
  };
}

/** The event of a committed write. */
export function changeOf(outcome: WriteOutcome, namespace: readonly string[]): StoreChange {
  const head = outcome.head as HeadRecord;
  const { name, revision, digest } = outcome.result;
  return {
    action: outcome.action,
    namespace: [...namespace],
    name,
    revision,
    ...(digest === '' ? {} : { digest }),
    ...(head.state === 'active' ? { item: itemOf(head) } : {}),
  };
}
