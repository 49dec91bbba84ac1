/**
 * Argument substitution in a skill's instructions, as Claude Code does it:
 * `$ARGUMENTS` is the whole argument string, `$ARGUMENTS[N]` and `$N` the
 * Nth argument (0-based) of a shell-like split.
 * @module
 */

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
 * @example
 * ```ts
 * substituteArguments('Migrate $0 from $1 to $2.', 'SearchBar React Vue') // 'Migrate SearchBar from React to Vue.'
 * substituteArguments('Fix the issue.', '42')                            // 'Fix the issue.\n\nARGUMENTS: 42'
 * ```
 */
export function substituteArguments(instructions: string, args: string | undefined): string {
  if (args === undefined) return instructions;
  let parts: string[] | undefined;
  let used = false;
  const out = instructions.replace(PLACEHOLDER, (_match, bracketed: string | undefined, short: string | undefined) => {
    used = true;
    const index = bracketed ?? short;
    if (index === undefined) return args;
    parts ??= splitArguments(args);
    return parts[Number(index)] ?? '';
  });
  if (used || args.trim() === '') return out;
  return `${out}\n\nARGUMENTS: ${args}`;
}
