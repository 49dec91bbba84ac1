/**
 * `loadSkills`: skill folders on disk into a {@link SkillSet}, read once.
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError, type SkillErrorCode } from '../format/errors.js';
import { SkillLoader } from '../loader/loader.js';
import { attachContents } from '../agent/contents.js';
import { createSkillSet, type SkillSet } from '../agent/skill-set.js';
import type { SkillSource } from '../sources/source.js';
import { resolveLimits, SKILL_SET_LIMITS, type ResolvedLimits, type SkillLimits } from '../format/types.js';
import { directorySource } from './directory/directory-source.js';
import { withRootedListing } from './directory/rooted-listing.js';
import { holdsPlugins, pluginSource } from './plugin-source.js';

/** Options of {@link loadSkills} besides the limits. */
export interface LoadSkillsOptions {
  /** Also search hidden folders (`.github`, `.claude`, …) for skills (default false). */
  includeHidden?: boolean;
  /** A SKILL.md without `name` loads under its folder's name, with a `name-from-folder` warning (default false). */
  nameFromFolder?: boolean;
}

/** Files read at once while loading contents. */
const READ_CONCURRENCY = 16;

/**
 * Reads each path — a skill folder (it holds a `SKILL.md`), a folder of
 * skill folders, or a plugin folder or folder of plugins (`plugin.json`) —
 * into a skill set. Everything is read once, now: the
 * text files' contents are kept in the set (checked against the digests
 * they were listed with), binary files are listed only, and later changes
 * on disk are not seen.
 *
 * Unlike a loader, which skips a bad skill with a diagnostic, a set is all
 * or nothing: a skill that does not load, a name found twice or a search cut
 * short by a bound rejects the whole call.
 *
 * @throws {SkillError} `NOT_FOUND` for a missing path; `INVALID_SKILL` (with
 *   `diagnostics`) when a skill folder does not give a skill; `CONFLICT`
 *   for a name found twice; `LIMIT_EXCEEDED` for a limit (set, per skill,
 *   or a discovery bound); `SOURCE_FAILED` for an I/O failure;
 *   `DIGEST_MISMATCH` when a file changed while it was being read.
 * @example
 * ```ts
 * import { loadSkills } from 'satchel/node'
 * const skills = await loadSkills(['./skills', './vendor/pdf'], { maxSkills: 32 })
 * ```
 */
export async function loadSkills(paths: string | readonly string[], limits?: SkillLimits, options: LoadSkillsOptions = {}): Promise<SkillSet> {
  const list = typeof paths === 'string' ? [paths] : [...paths];
  const resolved = resolveLimits(limits, SKILL_SET_LIMITS, 'loadSkills');
  await Promise.all(list.map(assertFolder));
  const loader = new SkillLoader({ builtin: list.map((p) => sourceFor(p, resolved, options)), limits: resolved });
  await loader.loadAll();
  refuseProblems(loader.diagnostics);
  const skills = loader.getAll();
  await eachLimited(skills, READ_CONCURRENCY, async (skill) => {
    const texts = new Map<string, string>();
    for (const file of skill.files) if (file.isText) texts.set(file.path, await loader.readFile(skill.name, file.path));
    attachContents(skill, texts);
  });
  return createSkillSet(skills, resolved);
}

function sourceFor(path: string, limits: ResolvedLimits, options: LoadSkillsOptions): SkillSource {
  const { maxDepth, maxFolders, maxNesting, maxFileBytes, maxFilesPerSkill } = limits;
  const dir = resolve(path);
  const bounds = { maxDepth, maxFolders, maxNesting, maxFileBytes, maxFilesPerSkill, nameFromFolder: options.nameFromFolder ?? false, name: path };
  // A plugin folder (or a folder of them) reads as plugins: each skill with its plugin's shared files.
  const source = holdsPlugins(dir) ? pluginSource(dir, bounds) : directorySource(dir, { ...bounds, includeHidden: options.includeHidden ?? false });
  // Listing diagnostics carry the folder too, so a refusal says under which of the paths it happened.
  return withRootedListing(source, dir);
}

async function assertFolder(path: string): Promise<void> {
  const info = await stat(resolve(path)).catch(() => undefined);
  if (!info?.isDirectory()) throw new SkillError('NOT_FOUND', `\`${path}\` is not a folder of skills.`, { path });
}

/** Throws for the first kind of problem a set cannot accept, carrying every diagnostic of that kind. */
function refuseProblems(diagnostics: readonly Diagnostic[]): void {
  const first = setProblems(diagnostics)[0];
  if (first) throw first;
}

const LIMIT_CODES: ReadonlySet<string> = new Set(['discovery-limit', 'limit-exceeded', 'file-too-large']);

/**
 * Every kind of problem in a load's diagnostics that refuses a skill set, as
 * one `SkillError` each carrying its diagnostics, in the order `loadSkills`
 * throws them: a name used twice (`CONFLICT`), a folder that could not be
 * read, a limit, a skill that does not load. A diagnostic belongs to the
 * first kind it fits only, so a report of them all names each once. Empty
 * when nothing refuses the set. `satchel catalog` reports them all at once.
 */
export function setProblems(diagnostics: readonly Diagnostic[]): SkillError[] {
  const problems: SkillError[] = [];
  const taken = new Set<Diagnostic>();
  const kind = (code: SkillErrorCode, what: string, fits: (d: Diagnostic) => boolean): void => {
    const found = diagnostics.filter((d) => !taken.has(d) && fits(d));
    const first = found[0];
    if (!first) return;
    for (const d of found) taken.add(d);
    const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
    problems.push(
      new SkillError(code, `${what}: ${first.path}:${first.line}:${first.column} ${first.code}: ${first.message}${more}`, {
        diagnostics: found,
        path: first.path,
      }),
    );
  };
  kind('CONFLICT', 'A skill name is used twice', (d) => d.code === 'shadowed' || d.code === 'duplicate-skill');
  kind('SOURCE_FAILED', 'A folder could not be read', (d) => d.severity === 'error' && d.code === 'source-error');
  kind('LIMIT_EXCEEDED', 'A limit was reached', (d) => LIMIT_CODES.has(d.code));
  kind('INVALID_SKILL', 'A skill could not be loaded', (d) => d.severity === 'error');
  return problems;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
