/**
 * A strict JSON reader that keeps where each value starts, so a problem in an
 * eval file can be reported at its line and column. It accepts exactly what
 * `JSON.parse` accepts (a leading byte-order mark aside) and never throws:
 * a syntax error is data, with the offset it was found at.
 * @module
 */

/** A JSON value, with the offset of its first character in the text. */
export type JsonNode =
  | { readonly kind: 'object'; readonly at: number; readonly entries: readonly JsonEntry[] }
  | { readonly kind: 'array'; readonly at: number; readonly items: readonly JsonNode[] }
  | { readonly kind: 'scalar'; readonly at: number; readonly value: string | number | boolean | null };

/** One `"key": value` of an object, with the offset of its key. */
export interface JsonEntry {
  readonly key: string;
  readonly at: number;
  readonly value: JsonNode;
}

/** The tree, or the first syntax error with its offset. */
export type JsonTree = { readonly ok: true; readonly node: JsonNode } | { readonly ok: false; readonly at: number; readonly message: string };

/** Deepest nesting read; deeper text is a syntax error rather than a stack overflow. */
export const MAX_JSON_DEPTH = 64;

/** Thrown inside the reader only, caught by {@link parseJsonTree}. */
class Syntax {
  constructor(
    readonly at: number,
    readonly message: string,
  ) {}
}

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: readonly (readonly [string, boolean | null])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/** Reads `text` as one JSON value. */
export function parseJsonTree(text: string): JsonTree {
  const reader = { text, pos: text.startsWith('\uFEFF') ? 1 : 0 };
  try {
    const node = value(reader, 0);
    skip(reader);
    if (reader.pos < text.length) throw new Syntax(reader.pos, 'unexpected text after the JSON value');
    return { ok: true, node };
  } catch (e) {
    if (!(e instanceof Syntax)) throw e;
    return { ok: false, at: e.at, message: e.message };
  }
}

/** The 1-based line and column (in UTF-16 units, as editors count) of `offset` in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

interface Reader {
  readonly text: string;
  pos: number;
}

function skip(r: Reader): void {
  WHITESPACE.lastIndex = r.pos;
  WHITESPACE.exec(r.text);
  r.pos = WHITESPACE.lastIndex;
}

function value(r: Reader, depth: number): JsonNode {
  skip(r);
  const at = r.pos;
  const c = r.text[at];
  if (c === undefined) throw new Syntax(at, 'the text ends where a value should be');
  if (c === '{' || c === '[') {
    if (depth >= MAX_JSON_DEPTH) throw new Syntax(at, `nesting deeper than ${MAX_JSON_DEPTH} levels`);
    return c === '{' ? object(r, depth + 1) : array(r, depth + 1);
  }
  if (c === '"') return { kind: 'scalar', at, value: string(r) };
  NUMBER.lastIndex = at;
  const number = NUMBER.exec(r.text);
  if (number) {
    r.pos = NUMBER.lastIndex;
    return { kind: 'scalar', at, value: Number(number[0]) };
  }
  for (const [word, literal] of LITERALS) {
    if (r.text.startsWith(word, at)) {
      r.pos = at + word.length;
      return { kind: 'scalar', at, value: literal };
    }
  }
  throw new Syntax(at, `expected a value (a string in double quotes, a number, true, false, null, [ or {), not ${shown(c)}`);
}

function array(r: Reader, depth: number): JsonNode {
  const at = r.pos++;
  const items: JsonNode[] = [];
  skip(r);
  if (r.text[r.pos] === ']') {
    r.pos++;
    return { kind: 'array', at, items };
  }
  for (;;) {
    items.push(value(r, depth));
    skip(r);
    const c = r.text[r.pos];
    r.pos++;
    if (c === ']') return { kind: 'array', at, items };
    if (c !== ',') throw new Syntax(r.pos - 1, `expected "," or "]" after an item of the list, not ${shown(c)}`);
    skip(r);
    if (r.text[r.pos] === ']') throw new Syntax(r.pos, 'a "," before "]": JSON allows no trailing comma');
  }
}

function object(r: Reader, depth: number): JsonNode {
  const at = r.pos++;
  const entries: JsonEntry[] = [];
  skip(r);
  if (r.text[r.pos] === '}') {
    r.pos++;
    return { kind: 'object', at, entries };
  }
  for (;;) {
    skip(r);
    const keyAt = r.pos;
    if (r.text[keyAt] !== '"') {
      const trailing = r.text[keyAt] === '}' && entries.length > 0;
      throw new Syntax(keyAt, trailing ? 'a "," before "}": JSON allows no trailing comma' : `expected a key in double quotes, not ${shown(r.text[keyAt])}`);
    }
    const key = string(r);
    skip(r);
    if (r.text[r.pos] !== ':') throw new Syntax(r.pos, `expected ":" after the key "${key}", not ${shown(r.text[r.pos])}`);
    r.pos++;
    entries.push({ key, at: keyAt, value: value(r, depth) });
    skip(r);
    const c = r.text[r.pos];
    r.pos++;
    if (c === '}') return { kind: 'object', at, entries };
    if (c !== ',') throw new Syntax(r.pos - 1, `expected "," or "}" after the value of "${key}", not ${shown(c)}`);
  }
}

const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** A string at `r.pos` (its opening quote), checked character by character, then decoded by `JSON.parse`. */
function string(r: Reader): string {
  const start = r.pos;
  for (let i = start + 1; i < r.text.length; i++) {
    const c = r.text[i] as string;
    if (c === '"') {
      r.pos = i + 1;
      return JSON.parse(r.text.slice(start, i + 1)) as string;
    }
    if (c === '\\') {
      const next = r.text[i + 1];
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(r.text.slice(i + 2, i + 6))) i += 5;
      else if (next !== undefined && ESCAPES.has(next)) i += 1;
      else throw new Syntax(i, `a bad escape in a string: ${shown(r.text.slice(i, i + 2))}`);
    } else if (c < ' ') {
      throw new Syntax(
        i,
        c === '\n' || c === '\r' ? 'a string is not closed before the end of its line' : 'a control character in a string (write it as an escape)',
      );
    }
  }
  throw new Syntax(start, 'a string is not closed');
}

/** What was found, for a message: the character in quotes, or the end of the text. */
function shown(c: string | undefined): string {
  return c === undefined || c === '' ? 'the end of the text' : JSON.stringify(c);
}
