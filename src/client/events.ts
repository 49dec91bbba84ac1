/**
 * Event subscriptions on the page: listeners are kept here, and one
 * subscription per connection carries the worker's events to them, so a
 * reconnect re-subscribes without the app doing anything.
 * @module
 */
import { proxy } from 'comlink';
import type { SkillError } from '../format/errors.js';
import type { Connection } from './connection.js';

/** The listeners of each event a client offers. */
export interface ClientEvents<Change> {
  /** A committed store change, from any page or the worker itself. */
  change: (change: Change) => void;
  /** The worker is gone; every pending call has rejected with this error. */
  lost: (error: SkillError) => void;
}

/** Listener sets, and the worker-side subscription of the `change` ones. */
export class EventHub<Change> {
  readonly #change = new Set<(change: Change) => void>();
  readonly #lost = new Set<(error: SkillError) => void>();
  #connection: Connection | undefined;
  #subscription: Promise<number | undefined> | undefined;

  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof ClientEvents<Change>>(type: K, listener: ClientEvents<Change>[K]): () => void {
    const set = (type === 'change' ? this.#change : this.#lost) as Set<ClientEvents<Change>[K]>;
    set.add(listener);
    if (type === 'change' && this.#change.size === 1) this.#subscribe();
    return () => {
      if (!set.delete(listener)) return;
      if (type === 'change' && this.#change.size === 0) this.#unsubscribe();
    };
  }

  /** The worker is gone: its subscription with it. */
  lost(error: SkillError): void {
    this.#subscription = undefined;
    for (const listener of [...this.#lost]) listener(error);
  }

  /** A new connection: carry the `change` listeners over to it. */
  attach(connection: Connection): void {
    this.#connection = connection;
    this.#subscription = undefined;
    if (this.#change.size > 0) this.#subscribe();
  }

  #subscribe(): void {
    const connection = this.#connection;
    if (!connection || connection.lost) return;
    const deliver = proxy((change: unknown) => {
      for (const listener of [...this.#change]) listener(change as Change);
    });
    // A subscription that fails (the worker is lost) is retried by the next attach.
    this.#subscription = connection.call((remote) => remote.subscribe('change', deliver)).catch(() => undefined);
  }

  #unsubscribe(): void {
    const { pending, connection } = { pending: this.#subscription, connection: this.#connection };
    this.#subscription = undefined;
    if (!pending || !connection) return;
    void pending.then((id) => (id === undefined || connection.lost ? undefined : connection.call((remote) => remote.unsubscribe(id)).catch(() => undefined)));
  }
}
