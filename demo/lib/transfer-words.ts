/**
 * Satchel demo: import and export said in the page's words — what a broken `.zip` is wrong with (not fflate's
 * message), why each skill of a refused archive was refused (not one `CONFLICT` for all), and what an export wrote.
 */
import type { Skill } from '../../src/index.js';
import type { SkillSummary } from '../../src/store/index.js';

// fflate's error codes (its `FlateErrorCode`): what each means for a person holding the file.
const ZIP_PROBLEMS: Record<number, string> = {
  0: 'ends too early: it looks cut short (an interrupted download?)',
  1: 'holds damaged compressed data',
  2: 'holds damaged compressed data',
  3: 'holds damaged compressed data',
  13: 'has no table of contents where a .zip keeps it: it is cut short, damaged, or not a .zip at all',
  14: 'uses a compression method this page cannot unpack (only stored and deflated files)',
};

/** Why a `.zip` could not be unpacked, as a person reads it. */
export function zipProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'number' ? ZIP_PROBLEMS[code] : undefined) ?? 'could not be unpacked: it looks damaged';
}

/** The skill names an archive's JSON lists, or `undefined` when the text is not JSON at all. */
export function archiveNames(text: string): string[] | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const skills = (data as { skills?: unknown } | null)?.skills;
  if (!Array.isArray(skills)) return [];
  return skills.flatMap((s: unknown) => {
    const name = (s as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? [name] : [];
  });
}

/** The key the store compares names by, near enough for the page's explanations: NFKC and case folded. */
function key(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

/** Why one skill of an archive was not imported, and whether it is the reason the whole archive was refused. */
export interface ArchiveRefusal {
  readonly name: string;
  readonly blocking: boolean;
  readonly reason: string;
}

/** Each skill of a refused archive with its reason: a builtin name, a skill already there, or all-or-nothing. */
export function archiveRefusals(names: readonly string[], loaded: readonly Skill[], held: readonly SkillSummary[], where: string): ArchiveRefusal[] {
  const builtin = new Set(loaded.filter((s) => s.source === 'builtin').map((s) => key(s.name)));
  const existing = new Map(held.map((s) => [key(s.name), s]));
  return names.map((name) => {
    if (builtin.has(key(name))) return { name, blocking: true, reason: 'a built-in skill has this name, and built-in skills are read-only' };
    const there = existing.get(key(name));
    if (there) return { name, blocking: true, reason: `already in ${where} (r${there.revision}, ${there.state}); an archive import never overwrites a skill` };
    return { name, blocking: false, reason: 'new here, but an archive imports all of its skills or none' };
  });
}

/** A byte count as a person reads it. */
export function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** `n word` or `n words`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
