/**
 * The ids of the skill tools, the grants they need, the names model
 * providers accept for them, and the bounds of `skills.grep`'s search.
 * @module
 */

/** Id of the tool that loads a skill's instructions and file list. */
export const SKILLS_LOAD = 'skills.load';

/** Id of the tool that reads one text file of a skill. */
export const SKILLS_READ = 'skills.read';

/** Id of the tool that lists the files under a folder of a skill. */
export const SKILLS_LIST = 'skills.list';

/** Id of the tool that searches a skill's text files for a pattern. */
export const SKILLS_GREP = 'skills.grep';

/** Id of the tool that searches every skill of a loader by what it does, listed in the catalog or not. */
export const SKILLS_SEARCH = 'skills.search';

/** The grant every skill tool needs besides its own `tool:<id>` grant. */
export const SKILLS_READ_GRANT = 'skills:read';

/**
 * Every grant the skill tools need, for a runtime's allow list
 * (`skills.permissions`).
 */
export const SKILLS_PERMISSIONS: readonly string[] = Object.freeze([`tool:${SKILLS_LOAD}`, `tool:${SKILLS_READ}`, SKILLS_READ_GRANT]);

/**
 * Every grant a loader's skill tools need: those of `skills.load` and
 * `skills.read`, and `skills.search`'s (`loader.permissions`).
 */
export const SKILLS_LOADER_PERMISSIONS: readonly string[] = Object.freeze([...SKILLS_PERMISSIONS, `tool:${SKILLS_SEARCH}`]);

/**
 * Every grant the file tools (`skills.list`, `skills.grep`) need, for a
 * runtime that offers them besides the two skill tools (`skills.fileTools`).
 */
export const SKILLS_FILE_PERMISSIONS: readonly string[] = Object.freeze([`tool:${SKILLS_LIST}`, `tool:${SKILLS_GREP}`, SKILLS_READ_GRANT]);

/**
 * A tool id as OpenAI and Anthropic accept tool names (`^[A-Za-z0-9_-]{1,64}$`):
 * every other character becomes `_`, so `skills.load` is `skills_load`.
 *
 * @example
 * ```ts
 * providerToolName('skills.load') // 'skills_load'
 * ```
 */
export function providerToolName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** The bounds of one `skills.grep` search (`agent/grep.ts`). */
export const GREP_LIMITS = Object.freeze({
  /** Most matching lines returned. */
  maxMatches: 100,
  /** Most bytes of files read in one search. */
  maxBytes: 4 * 1024 * 1024,
  /** Longest pattern, in characters. */
  maxPatternLength: 1000,
  /** Longest line text returned; longer lines are cut with `…`. */
  maxLineChars: 300,
});
