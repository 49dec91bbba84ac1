/**
 * `satchel/client`: the page's typed, async handle on a skill runtime in a
 * worker (`satchel/worker`). Same names and result shapes as the loader;
 * `SkillError`s arrive whole; a dead worker turns into `WORKER_LOST`.
 *
 * @example
 * ```ts
 * import { connectSkillRuntime } from 'satchel/client'
 * const skills = connectSkillRuntime(new Worker(new URL('./skills.worker.ts', import.meta.url), { type: 'module' }))
 * await skills.loadAll('acme', 'u1')
 * const [first] = await skills.activate('refund this order')
 * ```
 * @module
 */
export { connectSkillRuntime } from './connect.js';
export { SkillRuntimeClient, type ConnectOptions } from './client.js';
export type { ClientEvents } from './events.js';
export { DEFAULT_HEARTBEAT, type HeartbeatOptions } from './heartbeat.js';
export type { RemoteStore, StoreChangeOf } from './store-proxy.js';
export type { RuntimeEndpoint, SkillProvenance, ToolDescriptor } from '../worker/index.js';
