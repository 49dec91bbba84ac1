/**
 * `exposeSkillRuntime`: serves a runtime on an endpoint over Comlink.
 * @module
 */
import { expose, type Endpoint } from 'comlink';
import { toEndpoint, type RuntimeEndpoint } from './endpoint.js';
import { registerSkillErrorTransfer } from './error-transfer.js';
import { guardEndpoint } from './message-guard.js';
import { createSkillRuntime, isSkillRuntime, type SkillRuntime, type SkillRuntimeOptions } from './runtime.js';
import { RuntimeSession } from './session.js';

/**
 * Serves the skill runtime on `endpoint` (default: the worker's own global
 * scope, read when called, never at module load): the page connects with
 * `connectSkillRuntime`. Pass options to build a runtime, or a runtime from
 * `createSkillRuntime` to serve one runtime on several endpoints (the ports
 * of a SharedWorker). Returns the runtime. The library never constructs a
 * Worker; the app does.
 *
 * @example
 * ```ts
 * // skills.worker.ts (a dedicated module Worker)
 * import bundle from 'virtual:satchel/skills'
 * import { bundleSource } from 'satchel'
 * import { openIndexedDbStore } from 'satchel/store'
 * import { exposeSkillRuntime } from 'satchel/worker'
 *
 * exposeSkillRuntime({ builtin: bundleSource(bundle), store: openIndexedDbStore() }) // no top-level await: see SkillRuntimeOptions.store
 *
 * // Node worker_threads: exposeSkillRuntime(options, parentPort)
 * ```
 */
export function exposeSkillRuntime(options: SkillRuntimeOptions | SkillRuntime = {}, endpoint?: RuntimeEndpoint): SkillRuntime {
  registerSkillErrorTransfer();
  const runtime = isSkillRuntime(options) ? options : createSkillRuntime(options);
  const target = endpoint === undefined ? (globalThis as unknown as Endpoint) : toEndpoint(endpoint);
  const session = new RuntimeSession(runtime);
  // Malformed messages are dropped before Comlink sees them: none can kill the worker or write a property.
  expose(session, guardEndpoint(target, session));
  // A port whose page went away (a closed tab of a SharedWorker) fires `close` where the platform supports it.
  target.addEventListener('close', () => session.close());
  return runtime;
}
