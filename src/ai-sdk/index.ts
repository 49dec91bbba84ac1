/**
 * `satchel/ai-sdk`: skills in the Vercel AI SDK (`ai`), as a tool set.
 * Runs in the browser, a worker and Node; `ai` is an optional peer dependency.
 *
 * @example
 * ```ts
 * import { createSkillToolSet } from 'satchel/ai-sdk'
 * const tools = createSkillToolSet(loader, { grants: loader.permissions })
 * ```
 * @module
 */
export { createSkillToolSet, type SkillToolSetOptions } from './skill-tools.js';
// Deprecated aliases of renamed names (docs/renames.md).
export { skillTools, type SkillToolsOptions } from './skill-tools.js';
export type { SkillToolSource } from '../agent/tool-source.js';
export { toolNamesOf, type NamedToolDefinition } from '../agent/adapters.js';
