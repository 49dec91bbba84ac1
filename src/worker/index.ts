/**
 * `satchel/worker`: the skill runtime inside a Web Worker (or a
 * SharedWorker, or a Node `worker_threads` worker), served over Comlink to
 * `satchel/client`. The app constructs the Worker; this entry only serves.
 * Nothing here touches `self` until `exposeSkillRuntime` is called.
 *
 * @example
 * ```ts
 * // skills.worker.ts
 * import bundle from 'virtual:satchel/skills'
 * import { bundleSource } from 'satchel'
 * import { openIndexedDbStore } from 'satchel/store'
 * import { exposeSkillRuntime } from 'satchel/worker'
 *
 * // Synchronously: a module worker drops messages that arrive during a top-level await, so pass the store's promise.
 * exposeSkillRuntime({ builtin: bundleSource(bundle), store: openIndexedDbStore() })
 * ```
 * @module
 */
export { exposeSkillRuntime } from './expose.js';
export { createSkillRuntime, type SkillRuntime, type SkillRuntimeOptions } from './runtime.js';
export { RuntimeSession } from './session.js';
export { ANSWER_PAGE_SIZE, type AnswerPage } from './paging.js';
export { FORWARDED_STORE_METHODS, type ForwardedStoreMethod, type RuntimeStore } from './store-facade.js';
export { registerSkillErrorTransfer, type WireSkillError } from './error-transfer.js';
export { opfsSandbox } from './opfs-sandbox.js';
export type { NodeLikeEndpoint, RuntimeEndpoint } from './endpoint.js';
export type { RemoteLoadOptions, RemoteProgress, RemoteRunToolOptions, RuntimeEventType, SkillProvenance, ToolDescriptor } from './protocol.js';
