/**
 * A fast path for the plainest front matter: `key: value` lines, one level
 * of nested `key: value` or `- item` lines under a key, values that are
 * plain or simply quoted text, one-line flow lists of plain words, and
 * simple top-level block scalars. Most SKILL.md files look like this, and
 * reading them this way costs a fraction of a full YAML parse.
 *
 * It is deliberately narrow: anything it does not fully understand —
 * comments, other flow collections, anchors, aliases, tags, block scalars other
 * than the plainest (`>-` and friends over evenly indented lines), multi-line
 * plain or quoted values, escapes (but `\"` and `\\` in double quotes), tabs, CRLF, duplicate keys, and every plain
 * value YAML would read as something other than text (`yes`, `null`, `~`,
 * numbers, dates…) — makes it give up, and the caller parses with `yaml`.
 * A differential property test holds it to `yaml`'s results.
 * @module
 */

/** A value the fast path reads: text, a list of text, or a map of those. */
type PlainNode = string | readonly string[] | PlainMap;
/** A map's keys with the offset of each key in the text. */
type PlainMap = Map<string, { readonly offset: number; readonly node: PlainNode }>;

/** Front matter read by the fast path: the same data and key locations a YAML read gives. */
export interface PlainRead {
  /** The plain data, as `yaml` would give it. */
  readonly data: Record<string, unknown>;
  /** The YAML text it was read from. */
  readonly text: string;
  /** Always empty: text with any problem is left to `yaml`. */
  readonly problems: readonly never[];
  /** Offset of the key at `path`, located as the YAML reader locates it. */
  keyOffset(path: string | readonly string[]): number | undefined;
  /** The source text of the scalar at `path`: for text, the text itself. */
  scalarSource(path: readonly string[]): string | undefined;
  /** Keys of the map at `path` that are not text: never any here. */
  nonTextKeys(path: readonly string[]): ReadonlySet<string>;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
// Words the core schema (or a YAML 1.1 reader) gives another meaning; text starting like a number goes to `yaml` too.
const SPECIAL_WORDS = new Set(['null', 'true', 'false', 'yes', 'no', 'on', 'off', 'y', 'n', '__proto__']);
// Indicators a plain value may not start with (and `~`, `.`, `+`: null and numbers).
const PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`~.+]/;
// A superset of the core schema's numbers (int, octal, hex, float, exponent, inf, nan): text that looks like one goes to `yaml`.
const NUMBER_LIKE = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
// Dates and times: text in the core schema, timestamps in YAML 1.1; left to `yaml` to be safe.
const DATE_LIKE = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/;
// Text the fast path never reads: tabs, CR, other control characters, BOM, and YAML 1.1 line breaks.
const UNSURE_TEXT = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
const NONE: ReadonlySet<string> = new Set();
// Block scalar headers read here: literal or folded, clipped or stripped, no indentation indicator, no comment.
const BLOCK_HEADER = /^[|>]-?$/;
// An item of a flow list read here: starts with a letter or digit; letters, digits, `-`, `_`, `.` and single inner spaces.
const FLOW_WORD = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*(?: [\p{L}\p{N}_.-]+)*$/u;
const SPACES_LINE = /(?:^|\n) +(?:\n|$)/;

/**
 * Reads `text` when it is plain enough to be sure of the result, else
 * returns `undefined` (parse it with `yaml`). Never throws.
 */
export function readPlainFrontmatter(text: string): PlainRead | undefined {
  if (text === '' || UNSURE_TEXT.test(text)) return undefined;
  const root = readLines(text);
  return root === undefined ? undefined : plainRead(text, root);
}

interface Line {
  /** 0-based line number, blank lines counted. */
  readonly row: number;
  readonly start: number;
  readonly indent: number;
  readonly body: string;
  /** True when a line break follows the line. */
  readonly broken: boolean;
}

/** The lines that are not blank, each with its indent (spaces) and where its text starts. */
function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0, row = 0; start < text.length; row++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let indent = start;
    while (indent < end && text.charCodeAt(indent) === 32) indent++;
    if (indent < end) lines.push({ row, start: indent, indent: indent - start, body: text.slice(indent, end), broken: end < text.length });
    start = end + 1;
  }
  return lines;
}

function readLines(text: string): PlainMap | undefined {
  const lines = linesOf(text);
  const root: PlainMap = new Map();
  for (let i = 0; i < lines.length;) {
    const line = lines[i] as Line;
    const pair = line.indent === 0 ? keyAndRest(line.body) : undefined;
    if (pair === undefined || root.has(pair.key)) return undefined;
    if (pair.rest !== '' && !BLOCK_HEADER.test(pair.rest)) {
      const value = valueOf(pair.rest);
      if (value === undefined) return undefined;
      root.set(pair.key, { offset: line.start, node: value });
      i++;
      continue;
    }
    let end = i + 1;
    while (end < lines.length && (lines[end] as Line).indent > 0) end++;
    const scalarBlock = BLOCK_HEADER.test(pair.rest);
    // Spaces-only lines can belong to a block scalar's text: leave any such text to `yaml`.
    if (scalarBlock && SPACES_LINE.test(text)) return undefined;
    const node = scalarBlock ? blockScalar(pair.rest, line, lines.slice(i + 1, end)) : block(lines.slice(i + 1, end));
    if (node === undefined) return undefined;
    root.set(pair.key, { offset: line.start, node });
    i = end;
  }
  return root.size === 0 ? undefined : root;
}

/** The nested lines under a `key:`: all `- item` or all `key: value`, at one indent. */
function block(lines: readonly Line[]): PlainNode | undefined {
  const first = lines[0];
  if (first === undefined) return undefined;
  if (lines.some((l) => l.indent !== first.indent)) return undefined;
  if (first.body.startsWith('- ') || first.body === '-') {
    const items: string[] = [];
    for (const l of lines) {
      const value = l.body.startsWith('- ') ? scalar(l.body.slice(2)) : undefined;
      if (value === undefined) return undefined;
      items.push(value);
    }
    return items;
  }
  const map: PlainMap = new Map();
  for (const l of lines) {
    const pair = keyAndRest(l.body);
    const value = pair === undefined || pair.rest === '' || map.has(pair.key) ? undefined : valueOf(pair.rest);
    if (pair === undefined || value === undefined) return undefined;
    map.set(pair.key, { offset: l.start, node: value });
  }
  return map;
}

/**
 * A `|` or `>` block scalar (clipped, or stripped with `-`) whose lines all
 * sit at one indent right below the header, none blank, none ending in a
 * space: literal lines joined by line breaks, folded ones by spaces.
 */
function blockScalar(header: string, at: Line, lines: readonly Line[]): string | undefined {
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (first === undefined || last === undefined || first.row !== at.row + 1) return undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as Line;
    if (l.indent !== first.indent || l.row !== first.row + i || l.body.endsWith(' ')) return undefined;
  }
  const strip = header.endsWith('-');
  // A clipped scalar keeps its final line break only when there is one.
  if (!strip && !last.broken) return undefined;
  const joined = lines.map((l) => l.body).join(header.startsWith('|') ? '\n' : ' ');
  return strip ? joined : `${joined}\n`;
}

/** `key` and what follows `key:` and its spaces, when the line is a plain-keyed pair. */
function keyAndRest(body: string): { key: string; rest: string } | undefined {
  const colon = body.indexOf(':');
  if (colon <= 0) return undefined;
  const key = body.slice(0, colon);
  if (!KEY.test(key) || isSpecialWord(key)) return undefined;
  const after = body.charCodeAt(colon + 1);
  if (colon + 1 < body.length && after !== 32) return undefined;
  return { key, rest: trimSpaces(body.slice(colon + 1)) };
}

/** `s` without leading and trailing spaces: only U+0020 (tabs never get here), unlike `trim()`, which would eat U+00A0 that YAML keeps. */
function trimSpaces(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) === 32) start++;
  while (end > start && s.charCodeAt(end - 1) === 32) end--;
  return s.slice(start, end);
}

/** A one-line value: text, or a flow list of plain words. */
function valueOf(raw: string): PlainNode | undefined {
  return raw.startsWith('[') ? flowList(raw) : scalar(raw);
}

/** `[a, b-c, d e]`: a one-line flow list of plain words (letters, digits, `-`, `_`, `.`, inner spaces), nothing else. */
function flowList(raw: string): string[] | undefined {
  if (!raw.endsWith(']')) return undefined;
  const inner = trimSpaces(raw.slice(1, -1));
  if (inner === '') return [];
  const items: string[] = [];
  for (const part of inner.split(',')) {
    const item = trimSpaces(part);
    if (!FLOW_WORD.test(item) || NUMBER_LIKE.test(item) || DATE_LIKE.test(item) || isSpecialWord(item)) return undefined;
    items.push(item);
  }
  return items;
}

/** True for a word of {@link SPECIAL_WORDS} in any case; long text is never lower-cased (descriptions are long). */
function isSpecialWord(s: string): boolean {
  return s.length <= 9 && SPECIAL_WORDS.has(s.toLowerCase());
}

/** A comment or mapping indicator anywhere in a plain value (brackets are text inside a block-context plain value). */
function plainUnsure(value: string): boolean {
  return value.includes('#') || value.includes(': ') || value.endsWith(':');
}

/** The text of a one-line value: plain, or quoted with nothing to unescape. */
function scalar(raw: string): string | undefined {
  const value = trimSpaces(raw);
  if (value === '' || raw.charCodeAt(0) === 32) return undefined;
  const quote = value[0];
  if (quote === '"' || quote === "'") {
    const inner = value.slice(1, -1);
    const closed = value.length >= 2 && value.endsWith(quote);
    if (!closed) return undefined;
    if (quote === '"' && inner.includes('\\')) return unescapeQuotes(inner);
    return inner.includes(quote) ? undefined : inner;
  }
  if (PLAIN_START.test(value) || plainUnsure(value) || NUMBER_LIKE.test(value) || DATE_LIKE.test(value) || isSpecialWord(value)) return undefined;
  return value;
}

/**
 * The text of a double-quoted value whose only escapes are `\"` and `\\` (what `JSON.stringify` writes for a
 * quote or a backslash); `undefined` for any other escape, or a quote left unescaped (the value ended there).
 */
function unescapeQuotes(inner: string): string | undefined {
  let out = '';
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner.charCodeAt(i);
    if (c === 34) return undefined;
    if (c !== 92) continue;
    const next = inner.charCodeAt(i + 1);
    if (next !== 34 && next !== 92) return undefined;
    out += inner.slice(from, i);
    from = i + 1;
    i++;
  }
  return out + inner.slice(from);
}

function plainRead(text: string, root: PlainMap): PlainRead {
  const nodeAt = (path: readonly string[]): PlainNode | undefined => {
    let node: PlainNode | undefined = root;
    for (const key of path) node = node instanceof Map ? node.get(key)?.node : undefined;
    return node;
  };
  const keyOffset = (path: string | readonly string[]): number | undefined => {
    const keys = typeof path === 'string' ? [path] : path;
    const parent = nodeAt(keys.slice(0, -1));
    // As the YAML reader does: a key under something that is not a map is located at that something's key.
    if (!(parent instanceof Map)) return keys.length > 1 ? keyOffset(keys.slice(0, -1)) : undefined;
    return parent.get(keys[keys.length - 1] ?? '')?.offset;
  };
  return {
    data: toData(root),
    text,
    problems: [],
    keyOffset,
    scalarSource: (path) => {
      const node = nodeAt(path);
      return typeof node === 'string' ? node : undefined;
    },
    nonTextKeys: () => NONE,
  };
}

function toData(map: PlainMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, { node }] of map) out[key] = node instanceof Map ? toData(node) : typeof node === 'string' ? node : [...node];
  return out;
}
