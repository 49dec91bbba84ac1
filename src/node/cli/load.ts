/**
 * Loading the paths of `list` and `route` into a `SkillLoader`, as builtin
 * sources in the order given (the first path wins a name), and reporting
 * what the load found in the CLI's terms.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { resolveLimits } from '../../format/types.js';
import { SkillLoader } from '../../loader/loader.js';
import { isSkillError } from '../../format/errors.js';
import type { DirectorySourceOptions } from '../directory/directory-source.js';
import { COMMANDS } from './commands.js';
import { checkFolders, cliSource, discoveryBounds, hiddenNote } from './inputs.js';
import type { CliFlags, CliIo, CommandName } from './io.js';
import { diagnosticText, shownPath, skillErrorText } from './print.js';

/** A finished load: the loader, the folders it read and the bounds it read them with. */
export interface CliLoad {
  readonly loader: SkillLoader;
  readonly folders: readonly string[];
  readonly bounds: DirectorySourceOptions;
}

/** Loads `paths`; on a path that cannot be used or a load that fails, writes why and resolves to exit code 1. */
export async function loadPaths(command: CommandName, paths: readonly string[], flags: CliFlags, io: CliIo): Promise<CliLoad | number> {
  const folders = await checkFolders(command, paths, io);
  if (folders === undefined) return 1;
  const limits = resolveLimits(flags.limits, COMMANDS[command].defaults);
  const bounds = { ...discoveryBounds(limits), includeHidden: flags.includeHidden };
  const loader = new SkillLoader({ builtin: folders.map((abs) => cliSource(abs, bounds, io.cwd)), limits });
  try {
    await loader.loadAll();
  } catch (e) {
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText(command, e, io.cwd));
    return 1;
  }
  return { loader, folders, bounds };
}

/** The load's diagnostics with paths relative to the working folder, for JSON. */
export function shownDiagnostics(load: CliLoad, cwd: string): Diagnostic[] {
  return load.loader.diagnostics.map((d) => ({ ...d, path: shownPath(d.path, cwd) }));
}

/** The diagnostics worth a person's attention (errors, warnings, shadowed skills) as text. */
export function diagnosticsText(load: CliLoad, cwd: string): string {
  return load.loader.diagnostics
    .filter((d) => d.severity !== 'info' || d.code === 'shadowed')
    .map((d) => diagnosticText(d, cwd))
    .join('');
}

/** Skill files that did not give a skill. */
export function skippedCount(load: CliLoad): number {
  return new Set(load.loader.diagnostics.filter((d) => d.severity === 'error').map((d) => d.path)).size;
}

/** When nothing loaded and nothing failed: a line saying the skills are all in hidden folders, if they are. */
export async function writeHiddenNote(command: CommandName, load: CliLoad, io: CliIo): Promise<void> {
  if (load.loader.size > 0 || skippedCount(load) > 0) return;
  const note = await hiddenNote(load.folders, load.bounds, io.cwd);
  if (note !== undefined) io.err.write(`satchel ${command}: ${note}\n`);
}
