/**
 * `connectSkillRuntime`: the page's side of `exposeSkillRuntime`.
 * @module
 */
import type { RuntimeEndpoint } from '../worker/endpoint.js';
import type { RuntimeStore } from '../worker/store-facade.js';
import { SkillRuntimeClient, type ConnectOptions } from './client.js';

/**
 * Connects to a skill runtime served by `exposeSkillRuntime` on the other
 * side of `endpoint`: a dedicated `Worker`, a `SharedWorker`'s `port`, a
 * `MessagePort`, or a Node `worker_threads` Worker. The app creates the
 * worker; when it dies, pending calls reject with `WORKER_LOST` and
 * `client.reconnect(newWorker)` carries on with a fresh one. Give the
 * store's type to type `client.store` and `change` events exactly.
 *
 * @example
 * ```ts
 * import { connectSkillRuntime } from 'satchel/client'
 * import type { SkillStore } from 'satchel/store'
 *
 * const worker = () => new Worker(new URL('./skills.worker.ts', import.meta.url), { type: 'module' })
 * const skills = connectSkillRuntime<SkillStore>(worker())
 * await skills.loadAll('acme', 'u1', { onProgress: (p) => console.log(p.loaded), signal })
 * const activations = await skills.activate('merge these two PDFs')
 * skills.on('change', (change) => console.log(change.name))
 * skills.on('lost', () => skills.reconnect(worker()))
 * ```
 */
export function connectSkillRuntime<S extends RuntimeStore = RuntimeStore>(endpoint: RuntimeEndpoint, options: ConnectOptions = {}): SkillRuntimeClient<S> {
  return new SkillRuntimeClient<S>(endpoint, options);
}
