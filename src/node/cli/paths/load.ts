/**
 * Loading the paths of `list`, `route` and `vectors` into a `SkillLoader`,
 * as builtin sources in the order given (the first path wins a name), and
 * reporting what the load found in the CLI's terms.
 * @module
 */
import type { Diagnostic } from '../../../format/diagnostics/diagnostic.js';
import { resolveLimits, type ResolvedLimits } from '../../../format/types.js';
import { SkillLoader } from '../../../loader/loader.js';
import { isSkillError } from '../../../format/errors.js';
import { COMMANDS } from '../commands.js';
import type { CliFlags, CliIo, CommandName } from '../io.js';
import { diagnosticsSummary } from '../output/diagnostic-summary.js';
import { shownPath, skillErrorText } from '../output/print.js';
import { hiddenSkills, hiddenText } from './hidden.js';
import { checkFolders, cliSource, discoveryBounds } from './inputs.js';

/** A finished load: the loader, the folders it read and the limits it read them with. */
export interface CliLoad {
  readonly loader: SkillLoader;
  readonly folders: readonly string[];
  readonly limits: ResolvedLimits;
}

/** Loads `paths`; on a path that cannot be used or a load that fails, writes why and resolves to exit code 1. */
export async function loadPaths(command: CommandName, paths: readonly string[], flags: CliFlags, io: CliIo): Promise<CliLoad | number> {
  const folders = await checkFolders(command, paths, io);
  if (folders === undefined) return 1;
  const limits = resolveLimits(flags.limits, COMMANDS[command].defaults);
  const bounds = { ...discoveryBounds(limits), includeHidden: flags.includeHidden };
  // `route --threshold`: set on the loader, where both `activate` and `route` read it (`route` takes only a limit).
  const routing = flags.threshold === undefined ? {} : { routing: { threshold: flags.threshold } };
  const loader = new SkillLoader({ builtin: folders.map((abs) => cliSource(abs, bounds, io.cwd)), limits, ...routing });
  try {
    await loader.loadAll();
  } catch (e) {
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText(command, e, io.cwd));
    return 1;
  }
  return { loader, folders, limits };
}

/** The load's diagnostics with paths relative to the working folder, for JSON. */
export function shownDiagnostics(load: CliLoad, cwd: string): Diagnostic[] {
  return load.loader.diagnostics.map((d) => ({ ...d, path: shownPath(d.path, cwd) }));
}

/** The load's diagnostics for stderr: a summary by code, or each with its fix (`--verbose`, or only a few). */
export function diagnosticsText(command: CommandName, load: CliLoad, flags: CliFlags, cwd: string): string {
  return diagnosticsSummary(command, load.loader.diagnostics, cwd, { verbose: flags.verbose, skipped: skippedCount(load) });
}

/** Skill files that did not give a skill. */
export function skippedCount(load: CliLoad): number {
  return new Set(load.loader.diagnostics.filter((d) => d.severity === 'error').map((d) => d.path)).size;
}

/**
 * The exit code of a load that did its job: 0, also when some skills could
 * not be loaded (checking them is `validate`'s job); with `--strict`, 1 when
 * a skill could not be loaded or a limit cut the search short.
 */
export function loadExitCode(load: CliLoad, flags: CliFlags): number {
  if (!flags.strict) return 0;
  return skippedCount(load) > 0 || load.loader.diagnostics.some((d) => d.code === 'discovery-limit') ? 1 : 0;
}

/** The sentence on the skills that hidden folders held, when they held any. */
export async function hiddenLine(load: CliLoad, cwd: string): Promise<string | undefined> {
  return hiddenText(await hiddenSkills(load.folders, load.loader.diagnostics, load.limits), cwd);
}
