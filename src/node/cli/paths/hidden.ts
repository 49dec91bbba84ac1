/**
 * Skills in hidden folders. A directory source skips folders whose names
 * start with a dot (`.curated`, `.github`; the Mayura seed says so) and
 * reports each one it skipped while searching as a `hidden-skipped` info.
 * The CLI looks inside those folders — folder listings only, no file is
 * opened — to say how many skills they hold and that `--include-hidden`
 * reads them, instead of leaving them out without a word.
 * @module
 */
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import type { Diagnostic } from '../../../format/diagnostics/diagnostic.js';
import type { ResolvedLimits } from '../../../format/types.js';
import { readFolder } from '../../directory/folder-entries.js';
import { escapeControl } from '../output/escape.js';
import { plural, shownPath } from '../output/print.js';

/** What the skipped hidden folders of a search hold. */
export interface HiddenSkills {
  /** Skill folders inside them that `--include-hidden` would find (within `--max-depth`). */
  readonly skills: number;
  /** How many of the skipped hidden folders hold at least one. */
  readonly folders: number;
  /** The skill file of the first one found (absolute). */
  readonly first: string | undefined;
  /** False when the look stopped at `--max-folders`: there may be more. */
  readonly complete: boolean;
}

/** A hidden folder a search skipped: the folder searched, and the hidden folder's path under it. */
interface Skipped {
  readonly root: string;
  readonly rel: string;
}

/**
 * Counts the skills in the hidden folders that searches of `roots` skipped,
 * as their listing diagnostics name them (absolute paths, or paths relative
 * to the only root). Walks as the directory source would with
 * `includeHidden`: breadth-first, never into a skill folder, no deeper than
 * `maxDepth` from the root, at most `maxFolders` folders in all.
 */
export async function hiddenSkills(
  roots: readonly string[],
  diagnostics: readonly Diagnostic[],
  limits: Pick<ResolvedLimits, 'maxDepth' | 'maxFolders'>,
): Promise<HiddenSkills> {
  let budget = limits.maxFolders;
  let skills = 0;
  let folders = 0;
  let first: string | undefined;
  for (const { root, rel } of skippedFolders(roots, diagnostics)) {
    const queue = [{ rel, depth: rel.split('/').length }];
    let held = 0;
    for (let i = 0; i < queue.length; i++) {
      const { rel: at, depth } = queue[i] ?? { rel, depth: 0 };
      if (depth > limits.maxDepth) continue;
      if (budget-- <= 0) return { skills, folders: folders + (held > 0 ? 1 : 0), first, complete: false };
      const folder = await readFolder(root, at, true).catch(() => undefined);
      if (folder === undefined) continue;
      if (folder.skillFile !== undefined) {
        held++;
        first ??= join(root, at, folder.skillFile);
        continue;
      }
      for (const name of folder.folders) queue.push({ rel: `${at}/${name}`, depth: depth + 1 });
    }
    skills += held;
    if (held > 0) folders++;
  }
  return { skills, folders, first, complete: true };
}

/** The hidden folders the searches skipped; a `hidden-skipped` inside a skill (reported at its SKILL.md) is not one. */
function skippedFolders(roots: readonly string[], diagnostics: readonly Diagnostic[]): Skipped[] {
  const found: Skipped[] = [];
  for (const d of diagnostics) {
    if (d.code !== 'hidden-skipped' || !basename(d.path).startsWith('.')) continue;
    const root = isAbsolute(d.path) ? roots.find((r) => d.path.startsWith(`${r}${sep}`)) : roots.length === 1 ? roots[0] : undefined;
    if (root === undefined) continue;
    const rel = (isAbsolute(d.path) ? relative(root, d.path) : d.path).split(sep).join('/');
    if (!found.some((f) => f.root === root && f.rel === rel)) found.push({ root, rel });
  }
  return found;
}

/**
 * The sentence for a summary: how many skills hidden folders held and how to
 * include them; `undefined` when they held none.
 */
export function hiddenText(found: HiddenSkills, cwd: string): string | undefined {
  if (found.skills === 0 || found.first === undefined) return undefined;
  const count = `${found.complete ? '' : 'at least '}${plural(found.skills, 'skill')}`;
  const were = found.skills === 1 ? 'was' : 'were';
  return `${count} in ${plural(found.folders, 'hidden folder')} (names that start with a dot) ${were} not searched, first ${escapeControl(shownPath(found.first, cwd))}; pass --include-hidden to include them.`;
}
