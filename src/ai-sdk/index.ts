/**
 * `satchel/ai-sdk`: skills in the Vercel AI SDK (`ai`), as a tool set.
 * Runs in the browser, a worker and Node; `ai` is an optional peer dependency.
 *
 * @example
 * ```ts
 * import { skillTools } from 'satchel/ai-sdk'
 * const tools = skillTools(loader, { grants: loader.permissions })
 * ```
 * @module
 */
export { skillTools, type SkillToolsOptions } from './skill-tools.js';
export type { SkillToolSource } from '../agent/tool-source.js';
