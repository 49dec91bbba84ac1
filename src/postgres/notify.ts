/**
 * Changes across servers: each committed change is announced with
 * PostgreSQL's `NOTIFY` on a channel named after the schema, and every other
 * store on that database and schema (another server, another process, a
 * second store on one PGlite) reads that skill's head again and passes the
 * change on marked `remote`: the events the browser store's tabs exchange.
 * @module
 */
import { noticeOf, remoteChange, type ChangeNotice } from '../store/events.js';
import type { Backend } from '../store/records.js';
import type { StoreChange } from '../store/types.js';
import type { SqlClient } from './sql.js';

/** The most a notification carries (PostgreSQL refuses payloads from 8,000 bytes). */
const MAX_PAYLOAD = 7_900;

/** A notice as it travels, with the store that sent it. */
interface Payload extends ChangeNotice {
  readonly origin: string;
}

/** A link to the other stores of one schema. */
export interface ServerLink {
  /** Announces a committed change (not awaited by the write; its failure is the listener's loss, never the write's). */
  post(change: StoreChange): void;
  /** Stops listening and waits for announcements under way. */
  close(): Promise<void>;
}

/** The channel of a schema (an identifier: the schema name is one). */
export const channelOf = (schema: string): string => `satchel_${schema}`;

/**
 * Links a store to the schema's channel: its own changes are always announced; with `deliver`, it also listens, passing
 * each change another store made to it (a store that does not listen still tells the others).
 */
export async function linkServers(client: SqlClient, schema: string, backend: Backend, deliver?: (change: StoreChange) => Promise<void>): Promise<ServerLink> {
  const channel = channelOf(schema);
  const origin = globalThis.crypto.randomUUID();
  const sending = new Set<Promise<unknown>>();
  const stop =
    deliver === undefined ? async () => undefined : await client.listen(channel, (text) => void heard(text, origin, backend, deliver).catch(() => undefined));
  return {
    post(change) {
      const payload = JSON.stringify({ origin, ...noticeOf(change) } satisfies Payload);
      // A notice too long for NOTIFY (a namespace of thousands of characters) is not sent: the others miss that change.
      if (new TextEncoder().encode(payload).byteLength > MAX_PAYLOAD) return;
      const sent = client.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(() => undefined);
      sending.add(sent);
      void sent.finally(() => sending.delete(sent));
    },
    async close() {
      await Promise.allSettled([...sending]);
      await stop();
    },
  };
}

async function heard(text: string, origin: string, backend: Backend, deliver: (change: StoreChange) => Promise<void>): Promise<void> {
  const notice = payloadOf(text);
  if (notice === undefined || notice.origin === origin) return;
  const change = await remoteChange(notice, backend);
  if (change) await deliver(change);
}

const ACTIONS = new Set<string>(['put', 'rollback', 'archive', 'restore', 'purge', 'import']);

/** A payload read back, or `undefined` for anything that is not one of ours. */
function payloadOf(text: string): Payload | undefined {
  try {
    const p = JSON.parse(text) as Partial<Payload>;
    const ok =
      typeof p.origin === 'string' &&
      typeof p.action === 'string' &&
      ACTIONS.has(p.action) &&
      Array.isArray(p.namespace) &&
      p.namespace.every((part) => typeof part === 'string') &&
      typeof p.name === 'string' &&
      typeof p.revision === 'number';
    return ok ? (p as Payload) : undefined;
  } catch {
    return undefined;
  }
}
