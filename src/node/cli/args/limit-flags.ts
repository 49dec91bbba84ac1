/**
 * The limit flags (`--max-file-bytes 1000000`, …): one per `SkillLimits`
 * key, and the words that turn the library's limit names into flag names
 * in messages and fix hints, so the CLI speaks in what the user can type.
 * @module
 */
import type { ResolvedLimits } from '../../../format/types.js';

/** A `SkillLimits` key. */
export type LimitName = keyof ResolvedLimits;

/** The flag of each limit, in the order help lists them. */
export const LIMIT_FLAGS: Readonly<Record<LimitName, string>> = {
  maxSkills: '--max-skills',
  maxFilesPerSkill: '--max-files-per-skill',
  maxFileBytes: '--max-file-bytes',
  maxTotalBytes: '--max-total-bytes',
  maxCatalogBytes: '--max-catalog-bytes',
  maxInstructionsBytes: '--max-instructions-bytes',
  maxDepth: '--max-depth',
  maxFolders: '--max-folders',
  maxNesting: '--max-nesting',
};

const BY_FLAG = new Map(Object.entries(LIMIT_FLAGS).map(([name, flag]) => [flag, name as LimitName]));

/** The limit a flag sets, or `undefined` when it is not a limit flag. */
export function limitOfFlag(flag: string): LimitName | undefined {
  return BY_FLAG.get(flag);
}

/** A limit value: a whole number from 0 up, written in decimal digits; `undefined` otherwise (NaN, negative, `1e3`, `12kb`). */
export function parseLimitValue(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function isLimitName(word: string): word is LimitName {
  return Object.hasOwn(LIMIT_FLAGS, word);
}

/** The limits a text names (e.g. a diagnostic message), as flags, in order of first mention. */
export function flagsNamedIn(text: string): string[] {
  const found: string[] = text.match(/\bmax[A-Z]\w*/g) ?? [];
  return [...new Set(found.filter(isLimitName).map((name) => LIMIT_FLAGS[name]))];
}

/**
 * `text` with the library's option names replaced by the CLI's flags:
 * `maxFileBytes` → `--max-file-bytes`, `includeHidden` → `--include-hidden`.
 */
export function inCliTerms(text: string): string {
  return text.replace(/\bmax[A-Z]\w*/g, (word) => (isLimitName(word) ? LIMIT_FLAGS[word] : word)).replace(/includeHidden(: true)?/g, '--include-hidden');
}
