/**
 * Changes across tabs: each committed change is announced on a
 * BroadcastChannel named after the database, and a store hearing one reads
 * that skill's head again before passing the change on (marked `remote`),
 * so listeners get the same item a local change would carry.
 * @module
 */
import { itemOf, nsKey, type Backend } from '../records.js';
import type { StoreChange } from '../types.js';

/** What goes over the channel: the facts of a change, never its content. */
interface Notice {
  readonly action: StoreChange['action'];
  readonly namespace: readonly string[];
  readonly name: string;
  readonly revision: number;
}

/** A link to the other tabs of one database. */
export interface TabLink {
  post(change: StoreChange): void;
  listen(deliver: (change: StoreChange) => Promise<void>): void;
  close(): void;
}

const STATE_AFTER: Record<StoreChange['action'], string> = {
  put: 'active',
  rollback: 'active',
  restore: 'active',
  import: 'active',
  archive: 'archived',
  purge: 'purged',
};

/** A link over BroadcastChannel, or `undefined` where there is none. */
export function linkTabs(database: string, backend: Backend): TabLink | undefined {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (typeof Channel !== 'function') return undefined;
  const channel = new Channel(`satchel-skill-store:${database}`);
  // Node keeps the process alive for an open channel; a store should not.
  (channel as { unref?: () => void }).unref?.();
  return {
    post(change) {
      const notice: Notice = { action: change.action, namespace: change.namespace, name: change.name, revision: change.revision };
      channel.postMessage(notice);
    },
    listen(deliver) {
      channel.onmessage = (event: MessageEvent<Notice>) => void heard(event.data, backend, deliver).catch(() => undefined);
    },
    close: () => channel.close(),
  };
}

async function heard(notice: Notice, backend: Backend, deliver: (change: StoreChange) => Promise<void>): Promise<void> {
  const head = await backend.read((tx) => tx.head(nsKey(notice.namespace), notice.name));
  // Another database of the same name (another factory, a stale notice): nothing here changed.
  if (!head || head.revision !== notice.revision || head.state !== STATE_AFTER[notice.action]) return;
  await deliver({
    action: notice.action,
    namespace: [...notice.namespace],
    name: notice.name,
    revision: head.revision,
    ...(head.digest === '' ? {} : { digest: head.digest }),
    ...(head.state === 'active' ? { item: itemOf(head) } : {}),
    remote: true,
  });
}
