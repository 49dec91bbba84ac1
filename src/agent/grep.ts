/**
 * The search behind `skills.grep`: lines of a skill's text files that hold
 * a pattern, bounded in matches and in bytes scanned. A pattern is a
 * literal by default; a regular expression runs on the linear-time engine
 * (shared/linear-regex.ts), so no pattern can hang the runtime.
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { SkillFile } from '../format/types.js';
import { GREP_LIMITS } from './tool-names.js';

export { GREP_LIMITS } from './tool-names.js';

/** One matching line. */
export interface GrepMatch {
  /** The file, as the skill lists it. */
  readonly path: string;
  /** 1-based line number. */
  readonly line: number;
  /** The line, cut at {@link GREP_LIMITS}.maxLineChars. */
  readonly text: string;
}

/** What `skills.grep` returns. */
export interface GrepResult {
  readonly name: string;
  readonly pattern: string;
  readonly matches: readonly GrepMatch[];
  /** How many text files were searched. */
  readonly filesSearched: number;
  /** Binary files under the path: listed, never searched. */
  readonly binarySkipped: number;
  /** True when a bound stopped the search: more lines may match. */
  readonly truncated: boolean;
}

/** What a search asks. */
export interface GrepQuery {
  readonly pattern: string;
  readonly regex: boolean;
  readonly ignoreCase: boolean;
}

/** A line test for the query; `INVALID_INPUT` for an empty, overlong or unsupported pattern. */
export async function lineTest(query: GrepQuery): Promise<(line: string) => boolean> {
  const { pattern, regex, ignoreCase } = query;
  if (pattern === '') throw new SkillError('INVALID_INPUT', '`pattern` must not be empty.');
  if (pattern.length > GREP_LIMITS.maxPatternLength)
    throw new SkillError('INVALID_INPUT', `\`pattern\` is longer than ${GREP_LIMITS.maxPatternLength} characters.`);
  if (regex) {
    // Imported on the first regular expression: a worker whose model never greps by one carries no regex engine.
    const { compileLinearRegex } = await import('../shared/linear-regex.js');
    try {
      const compiled = compileLinearRegex(pattern, { ignoreCase });
      return (line) => compiled.test(line);
    } catch (e) {
      throw new SkillError('INVALID_INPUT', `\`pattern\` is not a supported regular expression: ${(e as Error).message}`);
    }
  }
  if (!ignoreCase) return (line) => line.includes(pattern);
  const lower = pattern.toLowerCase();
  return (line) => line.toLowerCase().includes(lower);
}

/** Searches `files` in order, reading each text file with `read`; stops at a bound. */
export async function grepFiles(name: string, query: GrepQuery, files: readonly SkillFile[], read: (file: SkillFile) => Promise<string>): Promise<GrepResult> {
  const test = await lineTest(query);
  const matches: GrepMatch[] = [];
  let bytes = 0;
  let filesSearched = 0;
  let truncated = false;
  const text = files.filter((f) => f.isText);
  for (const file of text) {
    if (bytes + file.size > GREP_LIMITS.maxBytes) {
      truncated = true;
      break;
    }
    bytes += file.size;
    filesSearched++;
    const lines = (await read(file)).split(/\r?\n/);
    for (const [i, line] of lines.entries()) {
      if (!test(line)) continue;
      if (matches.length === GREP_LIMITS.maxMatches) {
        truncated = true;
        break;
      }
      matches.push({ path: file.path, line: i + 1, text: line.length > GREP_LIMITS.maxLineChars ? `${line.slice(0, GREP_LIMITS.maxLineChars)}…` : line });
    }
    if (truncated) break;
  }
  return { name, pattern: query.pattern, matches, filesSearched, binarySkipped: files.length - text.length, truncated };
}
