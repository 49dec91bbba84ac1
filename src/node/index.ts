/**
 * `satchel/node`: everything `satchel` exports, plus what needs Node — the
 * directory source over skill folders on disk, `loadSkills` to read them
 * into a skill set, `buildSkillBundle` to pack a folder for the browser's
 * `bundleSource`, and a `SkillLoader` that reads `skills/builtin/` by
 * default (it stands in for the core one here, and is an instance of it).
 * The core is re-exported so code written against one barrel (Mayura's
 * `mayura/skills`, pleach's `@pleach/core/skills`) needs one import.
 *
 * @example
 * ```ts
 * import { directorySource, loadSkills, SkillLoader, withSkills } from 'satchel/node'
 * const { entries } = await directorySource('./skills').list()
 * const skills = await loadSkills('./skills')
 * ```
 * @module
 */
// The local SkillLoader below takes precedence over the core one of the same name.
export * from '../index.js';
export { directorySource, type DirectorySourceOptions } from './directory/directory-source.js';
export { pluginSource, type PluginSourceOptions } from './plugin-source.js';
export { WATCH_DEBOUNCE_MS } from './directory/watch-folder.js';
export { loadSkills, type LoadSkillsOptions } from './load-skills.js';
export { buildSkillBundle, type BuildSkillBundleOptions } from './build-bundle.js';
export { SkillLoader, BUILTIN_SKILLS_DIR, type NodeSkillLoaderOptions } from './skill-loader.js';
export { publishSkills, type PublishOptions, type PublishResult, type PublishedPlugin, type PublishedSkill } from './publish.js';
export { folderRemoteCache } from './remote-cache.js';
export { nodeGitMirror } from './git-mirror.js';
export { folderSandbox } from './folder-sandbox.js';
export { readModelFiles, tfjsWasmPaths, type ModelFolder } from './model-folder.js';
// Deprecated aliases of renamed names (docs/renames.md).
export { useModelFiles, useWasmPaths } from './model-folder.js';
