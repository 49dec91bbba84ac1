/**
 * `satchel/node`: what needs Node — the directory source over skill folders
 * on disk.
 *
 * @example
 * ```ts
 * import { directorySource } from 'satchel/node'
 * const { entries } = await directorySource('./skills').list()
 * ```
 * @module
 */
export { directorySource, type DirectorySourceOptions } from './directory-source.js';
