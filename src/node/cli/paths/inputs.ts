/**
 * The paths a command is given: checked before anything is read, and
 * turned into directory sources whose diagnostics all carry absolute paths
 * (so they print one way, relative to the working folder).
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResolvedLimits } from '../../../format/types.js';
import type { SkillSource } from '../../../sources/source.js';
import { directorySource, type DirectorySourceOptions } from '../../directory/directory-source.js';
import { withRootedListing } from '../../directory/rooted-listing.js';
import { holdsPlugins, pluginSource } from '../../plugin-source.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { shownPath } from '../output/print.js';

/** What a path given on the command line is. */
export type InputKind = 'folder' | 'file' | 'missing' | 'other';

/** Stats `abs` (following a link the user named); never opens it, so a FIFO cannot block. */
export async function inputKind(abs: string): Promise<InputKind> {
  const info = await stat(abs).catch(() => undefined);
  if (!info) return 'missing';
  return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
}

/** The one-line complaint about a path that cannot be used, or `undefined` when it can. */
export function inputProblem(kind: InputKind, filesToo: boolean): string | undefined {
  if (kind === 'missing') return 'no such file or directory';
  if (kind === 'other') return `not a regular file or folder`;
  if (kind === 'file' && !filesToo) return 'not a folder; give the folder that holds the skill';
  return undefined;
}

/**
 * Checks that every path is a folder; writes one line per one that is not.
 * Resolves to the absolute paths, a folder given twice once (read twice, each
 * of its skills would be a name used twice), or `undefined` when any is unusable.
 */
export async function checkFolders(command: string, paths: readonly string[], io: CliIo): Promise<string[] | undefined> {
  const absolute = [...new Set(paths.map((p) => resolve(io.cwd, p)))];
  const problems = await Promise.all(absolute.map(async (abs) => inputProblem(await inputKind(abs), false)));
  problems.forEach((problem, i) => {
    if (problem !== undefined) io.err.write(`satchel ${command}: ${escapeControl(shownPath(absolute[i] ?? '', io.cwd))}: ${problem}\n`);
  });
  return problems.every((p) => p === undefined) ? absolute : undefined;
}

/**
 * Why the last argument of `route` cannot be the turn: it names a folder, so
 * the turn was left out (`route skills more`). A turn after `--` is taken as
 * given. `undefined` when it is a turn.
 */
export async function turnProblem(turn: string, flags: CliFlags, cwd: string): Promise<string | undefined> {
  if (flags.literal > 0 || (await inputKind(resolve(cwd, turn))) !== 'folder') return undefined;
  return `the last argument, "${escapeControl(turn)}", is a folder, so the turn is missing; give the turn last (after \`--\` to route a turn that is also a folder's name).`;
}

/** The directory-source bounds within `limits`. */
export function discoveryBounds(limits: ResolvedLimits): DirectorySourceOptions {
  const { maxDepth, maxFolders, maxNesting, maxFileBytes, maxFilesPerSkill } = limits;
  return { maxDepth, maxFolders, maxNesting, maxFileBytes, maxFilesPerSkill };
}

/**
 * A source over `abs`, named by its shown path, its listing diagnostics
 * rooted like its entries: a plugin source when `abs` is a plugin folder or
 * a folder of them (`plugin.json`), else a directory source.
 */
export function cliSource(abs: string, options: DirectorySourceOptions, cwd: string): SkillSource {
  const name = shownPath(abs, cwd);
  if (!holdsPlugins(abs)) return withRootedListing(directorySource(abs, { ...options, name }), abs);
  const { includeHidden: _hidden, ...bounds } = options;
  return withRootedListing(pluginSource(abs, { ...bounds, name }), abs);
}
