/**
 * The per-skill limits, checked one way wherever a skill comes in (a
 * loader's tier, a skill set): how many files, how big each is, how deep
 * each lies. Sizes are UTF-8 bytes everywhere.
 * @module
 */
import type { ResolvedLimits } from './types.js';

/** What the per-skill check looks at: the files' paths and sizes, and the SKILL.md's own size when known. */
export interface SkillExtent {
  /** UTF-8 bytes of the SKILL.md; left out where the parser checks it (it refuses a large file before reading it). */
  readonly ownBytes?: number;
  readonly files: readonly { readonly path: string; readonly size?: number }[];
}

/** Why a skill breaks a per-skill limit (the first broken, as a sentence naming the limit), or `undefined`. */
export function perSkillLimitProblem(extent: SkillExtent, limits: ResolvedLimits): string | undefined {
  const { files, ownBytes } = extent;
  if (files.length > limits.maxFilesPerSkill) return `The skill has ${files.length} files; maxFilesPerSkill is ${limits.maxFilesPerSkill}.`;
  if (ownBytes !== undefined && ownBytes > limits.maxFileBytes) return `Its SKILL.md is ${ownBytes} bytes; maxFileBytes is ${limits.maxFileBytes}.`;
  for (const file of files) {
    const size = file.size ?? 0;
    if (size > limits.maxFileBytes) return `\`${file.path}\` is ${size} bytes; maxFileBytes is ${limits.maxFileBytes}.`;
    const depth = slashes(file.path);
    if (depth > limits.maxNesting) return `\`${file.path}\` is nested ${depth} folders deep; maxNesting is ${limits.maxNesting}.`;
  }
  return undefined;
}

/** How many `/` a path holds: how deep its file lies (what `path.split('/').length - 1` gives, without the array). */
function slashes(path: string): number {
  let n = 0;
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) n++;
  return n;
}

/** UTF-8 bytes of a skill: its SKILL.md and every file. */
export function skillBytes(ownBytes: number, files: readonly { readonly size?: number }[]): number {
  return files.reduce((sum, f) => sum + (f.size ?? 0), ownBytes);
}
