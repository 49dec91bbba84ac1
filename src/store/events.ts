/**
 * The store's change events: listeners are called after a change commits,
 * and a write resolves only once every listener (a loader updating its
 * cache, say) has finished, so the caller sees the change applied.
 * @module
 */
import { itemOf, nsKey, type Backend, type HeadRecord } from './records.js';
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

/** What another connection tells of a change it committed: the facts, never the content. */
export interface ChangeNotice {
  readonly action: StoreChange['action'];
  readonly namespace: readonly string[];
  readonly name: string;
  readonly revision: number;
}

/** The notice of a committed change, for other connections. */
export function noticeOf(change: StoreChange): ChangeNotice {
  return { action: change.action, namespace: change.namespace, name: change.name, revision: change.revision };
}

/** The state a skill is in after each action. */
const STATE_AFTER: Record<StoreChange['action'], string> = {
  put: 'active',
  rollback: 'active',
  restore: 'active',
  import: 'active',
  archive: 'archived',
  purge: 'purged',
};

/**
 * The change another connection (another tab, another server) made, as this connection's database shows it: the head
 * read again and the change marked `remote`; `undefined` when the database does not show it (a stale or foreign notice).
 * Every store that hears other connections passes changes on through this, so all of them emit the same events.
 */
export async function remoteChange(notice: ChangeNotice, backend: Backend): Promise<StoreChange | undefined> {
  const head = await backend.read((tx) => tx.head(nsKey(notice.namespace), notice.name));
  if (!head || head.revision !== notice.revision || head.state !== STATE_AFTER[notice.action]) return undefined;
  return {
    action: notice.action,
    namespace: [...notice.namespace],
    name: notice.name,
    revision: head.revision,
    ...(head.digest === '' ? {} : { digest: head.digest }),
    ...(head.state === 'active' ? { item: itemOf(head) } : {}),
    remote: true,
  };
}
