/**
 * Changes across tabs: each committed change is announced on a
 * BroadcastChannel named after the database, and a store hearing one reads
 * that skill's head again before passing the change on (marked `remote`),
 * so listeners get the same item a local change would carry.
 * @module
 */
import { noticeOf, remoteChange, type ChangeNotice } from '../events.js';
import type { Backend } from '../records.js';
import type { StoreChange } from '../types.js';

/** A link to the other tabs of one database. */
export interface TabLink {
  post(change: StoreChange): void;
  listen(deliver: (change: StoreChange) => Promise<void>): void;
  close(): void;
}

/** A link over BroadcastChannel, or `undefined` where there is none. */
export function linkTabs(database: string, backend: Backend): TabLink | undefined {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (typeof Channel !== 'function') return undefined;
  const channel = new Channel(`satchel-skill-store:${database}`);
  // Node keeps the process alive for an open channel; a store should not.
  (channel as { unref?: () => void }).unref?.();
  return {
    post(change) {
      channel.postMessage(noticeOf(change));
    },
    listen(deliver) {
      channel.onmessage = (event: MessageEvent<ChangeNotice>) => void heard(event.data, backend, deliver).catch(() => undefined);
    },
    close: () => channel.close(),
  };
}

async function heard(notice: ChangeNotice, backend: Backend, deliver: (change: StoreChange) => Promise<void>): Promise<void> {
  // Another database of the same name (another factory, a stale notice): nothing here changed.
  const change = await remoteChange(notice, backend);
  if (change) await deliver(change);
}
