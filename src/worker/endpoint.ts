/**
 * Endpoints the runtime and the client talk over: anything Comlink takes
 * (a Worker, a MessagePort such as a SharedWorker's port, a worker's global
 * scope), and Node's event-emitter style (`worker_threads` Worker), adapted.
 * @module
 */
import type { Endpoint } from 'comlink';

/** Node's `worker_threads` style: `on`/`off` instead of `addEventListener`; a message listener gets the data itself. */
export interface NodeLikeEndpoint {
  postMessage(value: unknown, transferList?: readonly never[]): void;
  on(event: string, listener: (value: unknown) => void): unknown;
  off(event: string, listener: (value: unknown) => void): unknown;
  start?(): void;
}

/** Any endpoint the runtime and the client accept. */
export type RuntimeEndpoint = Endpoint | NodeLikeEndpoint;

type Listener = EventListenerOrEventListenerObject;

/**
 * `endpoint` as Comlink takes it. An `EventTarget`-style endpoint (browsers;
 * Node's MessagePort, `parentPort` included) is used as is; an emitter
 * (Node's Worker) is wrapped so `message` listeners get `{ data }` and
 * other events (`exit`, `error`) get `{ data: value }`.
 */
export function toEndpoint(endpoint: RuntimeEndpoint): Endpoint {
  if (typeof (endpoint as Partial<Endpoint>).addEventListener === 'function') return endpoint as Endpoint;
  const node = endpoint as NodeLikeEndpoint;
  const wrapped = new Map<Listener, (value: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => node.postMessage(message, transfer as never[] | undefined),
    addEventListener: (type: string, listener: Listener) => {
      const call = (value: unknown): void => {
        const event = { data: value, type } as unknown as Event;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      wrapped.set(listener, call);
      node.on(type, call);
    },
    removeEventListener: (type: string, listener: Listener) => {
      const call = wrapped.get(listener);
      if (call) node.off(type, call);
      wrapped.delete(listener);
    },
    ...(node.start ? { start: () => node.start?.() } : {}),
  };
}
