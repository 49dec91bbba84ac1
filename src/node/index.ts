/**
 * `satchel/node`: what needs Node — the directory source over skill folders
 * on disk, `loadSkills` to read them into a skill set, and a `SkillLoader`
 * that reads `skills/builtin/` by default.
 *
 * @example
 * ```ts
 * import { directorySource, loadSkills } from 'satchel/node'
 * const { entries } = await directorySource('./skills').list()
 * const skills = await loadSkills('./skills')
 * ```
 * @module
 */
export { directorySource, type DirectorySourceOptions } from './directory-source.js';
export { loadSkills, type LoadSkillsOptions } from './load-skills.js';
export { SkillLoader, BUILTIN_SKILLS_DIR, type NodeSkillLoaderOptions } from './skill-loader.js';
