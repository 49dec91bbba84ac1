/**
 * The worker's gate in front of Comlink: only well-formed calls reach
 * `expose`. Comlink trusts its messages — an `argumentList` that is not an
 * array, a `null` argument, an unknown handler name or a huge string throw
 * in its message listener, outside any try, and kill the worker; a `SET`
 * message writes any property the path reaches, `Object.prototype`
 * included. A page never sends those, so a message that is not a call this
 * runtime answers is dropped, and no message can write anything.
 * @module
 */
import type { Endpoint } from 'comlink';

/** The message types the client sends: reads, calls, and the release of its proxy. `SET`, `CONSTRUCT` and `ENDPOINT` never. */
const CALL_TYPES: ReadonlySet<string> = new Set(['GET', 'APPLY', 'RELEASE']);

/** Most arguments a call takes (the widest session method has four). */
const MAX_ARGUMENTS = 8;

/** Names a path may never hold, whatever the session has. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** What `expose` may be asked for: the session's own public methods and getters, one level deep. */
export function sessionKeysOf(session: object): ReadonlySet<string> {
  const keys = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(session) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) if (!FORBIDDEN_KEYS.has(key)) keys.add(key);
  }
  return keys;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A Comlink wire value: `{ type: 'RAW', value }`, or `{ type: 'HANDLER', name, value }` for a registered handler. */
function isWireValue(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (value['type'] === 'RAW') return true;
  // The one handler a client sends is a proxied callback, which arrives as a MessagePort; anything else (`throw`, a
  // `proxy` without a port) makes Comlink throw outside any try.
  return value['type'] === 'HANDLER' && value['name'] === 'proxy' && isPort(value['value']);
}

function isPort(value: unknown): boolean {
  const port = value as Partial<MessagePort> | null;
  return typeof port === 'object' && port !== null && typeof port.postMessage === 'function' && typeof port.start === 'function';
}

/** Whether `data` is a call this session answers: a known type, a path to one of its members, well-formed arguments. */
export function isWellFormedCall(data: unknown, keys: ReadonlySet<string>): boolean {
  if (!isPlainObject(data)) return false;
  const { id, type, argumentList } = data;
  // Comlink leaves `path` out of a RELEASE and reads it as [].
  const path = data['path'] ?? [];
  if (typeof id !== 'string' || id.length > 128 || typeof type !== 'string' || !CALL_TYPES.has(type)) return false;
  if (!Array.isArray(path) || path.length > 1) return false;
  const [member] = path as unknown[];
  if (member !== undefined && (typeof member !== 'string' || !keys.has(member))) return false;
  if (type !== 'RELEASE' && member === undefined) return false;
  if (type !== 'APPLY') return argumentList === undefined || (Array.isArray(argumentList) && argumentList.length === 0);
  return Array.isArray(argumentList) && argumentList.length <= MAX_ARGUMENTS && argumentList.every(isWireValue);
}

/**
 * `endpoint` as `expose` should see it: its `message` listeners hear only
 * well-formed calls to `session`; every other event passes untouched.
 */
export function guardEndpoint(endpoint: Endpoint, session: object): Endpoint {
  const keys = sessionKeysOf(session);
  const wrapped = new Map<EventListenerOrEventListenerObject, EventListener>();
  // Comlink closes a MessagePort after answering its RELEASE, but only when it holds the port itself: do it here.
  const releases = new Set<string>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => {
      endpoint.postMessage(message, transfer);
      const id = isPlainObject(message) ? message['id'] : undefined;
      if (typeof id === 'string' && releases.delete(id)) closeIfPort(endpoint);
    },
    addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object) {
      if (type !== 'message') return endpoint.addEventListener(type, listener, options);
      const guarded: EventListener = (event) => {
        const data = (event as MessageEvent).data as unknown;
        if (!isWellFormedCall(data, keys)) return;
        if ((data as { type: string }).type === 'RELEASE') releases.add((data as { id: string }).id);
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      wrapped.set(listener, guarded);
      endpoint.addEventListener('message', guarded, options);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object) {
      if (type !== 'message') return endpoint.removeEventListener(type, listener, options);
      const guarded = wrapped.get(listener);
      if (guarded) endpoint.removeEventListener('message', guarded, options);
      wrapped.delete(listener);
    },
    ...(endpoint.start ? { start: () => endpoint.start?.() } : {}),
  };
}

/** Closes `endpoint` when it is a MessagePort (a SharedWorker's port, a Node port), as Comlink itself would. */
function closeIfPort(endpoint: Endpoint): void {
  const port = endpoint as Partial<MessagePort> & { constructor?: { name?: string } };
  if (port.constructor?.name === 'MessagePort' && typeof port.close === 'function') port.close();
}
