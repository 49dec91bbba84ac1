/**
 * The server's list-changed notification (`notifications/resources/list_changed`) for an MCP skill source: it drops
 * the held listing, so the next `list()` asks the server whatever its `ttlMs`, and tells the source's watchers (a
 * loader lists the source again). A handler the client had for the notification before keeps being called.
 * @module
 */
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { SourceChange } from '../../sources/source.js';
import type { McpSkillClient } from './calls.js';

type Handler = (notification: unknown) => unknown;

/** Listens for the notification on `client`; `watch` adds a watcher and returns its unsubscribe. */
export function listenForChanges(client: McpSkillClient, changed: () => void): { watch(listener: (change: SourceChange) => void): () => void } {
  const watchers = new Set<(change: SourceChange) => void>();
  const method = 'notifications/resources/list_changed';
  // The SDK keeps one handler per method; the one set before (the app's, or the client's own `listChanged` option's)
  // is read where the SDK keeps it and called after ours.
  const before = (client as { _notificationHandlers?: Map<string, Handler> })._notificationHandlers?.get(method);
  client.setNotificationHandler(ResourceListChangedNotificationSchema, async (notification) => {
    changed();
    for (const watcher of [...watchers]) {
      try {
        watcher({ paths: [] });
      } catch {
        // A watcher that throws does not keep the others from hearing.
      }
    }
    await before?.(notification);
  });
  return {
    watch(listener) {
      watchers.add(listener);
      return () => void watchers.delete(listener);
    },
  };
}
