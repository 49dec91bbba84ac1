/**
 * Argument substitution in a skill's instructions, as Claude Code does it:
 * `$ARGUMENTS` is the whole argument string, `$ARGUMENTS[N]` and `$N` the
 * Nth argument (0-based) of a shell-like split.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { SKILL_SET_LIMITS } from '../format/types.js';

/** `$ARGUMENTS[N]`, `$ARGUMENTS` (not followed by a word character) or `$N`, matched in one pass. */
const PLACEHOLDER = /\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS(?![\w[])|\$(\d+)/g;

/**
 * Splits an argument string the way a shell would, without expanding
 * anything: blanks separate arguments, `'…'` keeps its text as is, `"…"`
 * keeps its text with `\"` and `\\` unescaped, and a backslash outside
 * quotes keeps the next character. An unclosed quote runs to the end.
 *
 * @example
 * ```ts
 * splitArguments(`"My Button" React 'Vue 3'`) // ['My Button', 'React', 'Vue 3']
 * ```
 */
export function splitArguments(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let started = false; // `""` is an argument of its own, empty.
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else current += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text[++i];
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < text.length) {
      current += text[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (started) out.push(current);
  return out;
}

/**
 * Fills the argument placeholders of `instructions`.
 *
 * - `$ARGUMENTS` becomes `args` exactly as given (quotes included);
 * - `$ARGUMENTS[N]` and `$N` become the Nth argument of
 *   {@link splitArguments} (0-based), or nothing when there are fewer;
 * - when the text holds no placeholder and `args` is not blank,
 *   `\n\nARGUMENTS: <args>` is appended, so the arguments are never lost.
 *
 * Substitution is one pass: an argument that itself contains `$0` is not
 * expanded again. With `args` undefined the text is returned as written,
 * so a skill whose shell examples use `$1` is not changed by a plain load.
 *
 * The result may not exceed `maxBytes` of UTF-8 (default: the 256 KiB file
 * limit, since instructions cannot grow past what their file could hold):
 * its size is worked out from the placeholders before any string is built.
 *
 * @throws {SkillError} `LIMIT_EXCEEDED` when the substituted instructions would be larger than `maxBytes`.
 * @example
 * ```ts
 * substituteArguments('Migrate $0 from $1 to $2.', 'SearchBar React Vue') // 'Migrate SearchBar from React to Vue.'
 * substituteArguments('Fix the issue.', '42')                            // 'Fix the issue.\n\nARGUMENTS: 42'
 * ```
 */
export function substituteArguments(instructions: string, args: string | undefined, maxBytes: number = SKILL_SET_LIMITS.maxFileBytes): string {
  if (args === undefined) return instructions;
  let parts: string[] | undefined;
  const partsOf = (): string[] => (parts ??= splitArguments(args));
  const size = substitutedBytes(instructions, args, partsOf);
  if (size > maxBytes) {
    throw new SkillError(
      'LIMIT_EXCEEDED',
      `The instructions with their arguments filled in would be ${size} bytes; the limit is ${maxBytes} (maxFileBytes). Send shorter arguments.`,
    );
  }
  let used = false;
  const out = instructions.replace(PLACEHOLDER, (_match, bracketed: string | undefined, short: string | undefined) => {
    used = true;
    const index = bracketed ?? short;
    return index === undefined ? args : (partsOf()[Number(index)] ?? '');
  });
  if (used || args.trim() === '') return out;
  return `${out}\n\nARGUMENTS: ${args}`;
}

/** UTF-8 size of what {@link substituteArguments} would return, counted placeholder by placeholder without building it. */
function substitutedBytes(instructions: string, args: string, partsOf: () => string[]): number {
  const argBytes = utf8Bytes(args);
  const partBytes = new Map<string, number>();
  let size = utf8Bytes(instructions);
  let used = false;
  for (const m of instructions.matchAll(PLACEHOLDER)) {
    used = true;
    const index = m[1] ?? m[2];
    let bytes = argBytes;
    if (index !== undefined) {
      bytes = partBytes.get(index) ?? utf8Bytes(partsOf()[Number(index)] ?? '');
      partBytes.set(index, bytes);
    }
    size += bytes - m[0].length; // a placeholder is ASCII: as many bytes as characters
  }
  return used || args.trim() === '' ? size : size + utf8Bytes('\n\nARGUMENTS: ') + argBytes;
}

const encoder = new TextEncoder();

function utf8Bytes(text: string): number {
  // Most text is ASCII: no need to encode it to know its size.
  return /^[\x00-\x7f]*$/.test(text) ? text.length : encoder.encode(text).byteLength;
}
