/**
 * A strict JSON reader that keeps where each value starts, so a problem in an
 * eval file can be reported at its line and column. `JSON.parse` decides what
 * is JSON and what each value is (a leading byte-order mark aside);
 * `jsonc-parser`, run with comments and trailing commas refused, gives the
 * offsets, and for text that is not JSON, where and why it breaks. It never
 * throws: a syntax error is data, with the offset it was found at.
 * @module
 */
import { createScanner, findNodeAtOffset, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

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

const OPTIONS = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** jsonc-parser's error codes in words (keyed by name: its `ParseErrorCode` is a `const enum`, unusable here). */
const MESSAGES: Record<ReturnType<typeof printParseErrorCode>, string> = {
  InvalidSymbol: 'is not a JSON value (a string in double quotes, a number, true, false, null, [ or {)',
  InvalidNumberFormat: 'a number is not written as JSON writes numbers',
  PropertyNameExpected: 'a property name in double quotes was expected',
  ValueExpected: 'a value was expected (a string in double quotes, a number, true, false, null, [ or {)',
  ColonExpected: 'a colon was expected after the property name',
  CommaExpected: 'a comma or a closing bracket was expected',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'unexpected text after the JSON value',
  InvalidCommentToken: 'JSON allows no comments',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed before the end of its line',
  UnexpectedEndOfNumber: 'a number ends before its digits',
  InvalidUnicode: 'a \\u escape needs four hexadecimal digits',
  InvalidEscapeCharacter: 'a string has an escape JSON does not know (it knows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u)',
  InvalidCharacter: 'a string holds a control character; write it as an escape such as \\n or \\t',
  '<unknown ParseErrorCode>': 'the text is not JSON',
};

/**
 * Reads `text` as one JSON value: its tree when `JSON.parse` accepts it, else where and why it does not.
 *
 * @example
 * ```ts
 * const tree = parseJsonTree('[{ "query": "refund me" }]') // { ok: true, node: { kind: 'array', at: 0, items: [...] } }
 * ```
 */
export function parseJsonTree(text: string): JsonTree {
  // JSON.parse refuses a byte-order mark and jsonc-parser reads one as a stray symbol; a space keeps every offset.
  const json = text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text;
  // jsonc-parser recurses once per bracket it opens: deep text is refused before it is parsed.
  const deep = tooDeep(json);
  if (deep !== undefined) return { ok: false, at: deep, message: `nesting deeper than ${MAX_JSON_DEPTH} levels` };
  const errors: ParseError[] = [];
  const root = parseTree(json, errors, OPTIONS);
  try {
    JSON.parse(json);
  } catch (e) {
    const [first] = errors;
    return first ? refusal(json, root, first) : engineRefusal(e);
  }
  // jsonc-parser reading valid JSON otherwise than JSON.parse would be its bug; it is reported, not trusted.
  const node = errors.length === 0 && root ? nodeOf(json, root) : undefined;
  return node ? { ok: true, node } : { ok: false, at: 0, message: 'JSON whose values could not be located' };
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

/**
 * The offset of the first bracket opened deeper than {@link MAX_JSON_DEPTH}, over jsonc-parser's own tokens (so a
 * bracket in a string or a comment is not one). A bracket the parser opens is closed only by its match, so a stack
 * popped only by a match is never shallower than the parser's recursion, even in text it recovers from.
 */
function tooDeep(text: string): number | undefined {
  const open: string[] = [];
  const scanner = createScanner(text, true);
  while (scanner.getPosition() < text.length) {
    scanner.scan();
    // A token's first character tells a bracket: no other token starts with one (SyntaxKind is a const enum too).
    const at = scanner.getTokenOffset();
    const c = text[at];
    if (c === '[' || c === '{') {
      if (open.push(c) > MAX_JSON_DEPTH) return at;
    } else if ((c === ']' && open.at(-1) === '[') || (c === '}' && open.at(-1) === '{')) open.pop();
  }
  return undefined;
}

/** jsonc-parser's first error in words, at its offset; a trailing comma at the comma. */
function refusal(text: string, root: Node | undefined, error: ParseError): JsonTree {
  const name = printParseErrorCode(error.error);
  const { offset: at, length } = error;
  const close = text[at];
  if ((name === 'ValueExpected' || name === 'PropertyNameExpected') && (close === ']' || close === '}')) {
    const comma = /,[ \t\n\r]*$/.exec(text.slice(0, at))?.index;
    if (comma !== undefined) return { ok: false, at: comma, message: `a trailing comma before "${close}": JSON allows none` };
  }
  if (name === 'InvalidSymbol') {
    const token = text.slice(at, at + Math.min(length, 24));
    return { ok: false, at, message: `${JSON.stringify(token)} ${MESSAGES.InvalidSymbol}` };
  }
  if (name === 'CommaExpected' && root) {
    // The container of the value or key found where the comma should be; a stray closer is inside it.
    let node = findNodeAtOffset(root, at);
    if (node?.offset === at) node = node.parent;
    while (node && node.type !== 'array' && node.type !== 'object') node = node.parent;
    if (node) return { ok: false, at, message: `a comma or a closing ${node.type === 'array' ? ']' : '}'} was expected` };
  }
  if (name === 'ValueExpected' && at >= text.length) return { ok: false, at, message: 'the text ends where a value should be' };
  return { ok: false, at, message: MESSAGES[name] };
}

/** JSON.parse's own refusal, where jsonc-parser saw nothing wrong: its position where it gives one (V8 does). */
function engineRefusal(e: unknown): JsonTree {
  const message = e instanceof Error ? e.message : String(e);
  const position = /at position (\d+)/.exec(message)?.[1];
  return {
    ok: false,
    at: position === undefined ? 0 : Number(position),
    message: message.replace(/,? (?:\.\.\.)?".*" is not valid JSON$| at position \d+.*$/s, ''),
  };
}

/** jsonc-parser's node as a JSON node: its offset from jsonc-parser, each key and scalar from `JSON.parse` of its source. */
function nodeOf(text: string, node: Node): JsonNode | undefined {
  const at = node.offset;
  const children = node.children ?? [];
  if (node.type === 'array') {
    const items = children.map((item) => nodeOf(text, item));
    return items.every((item) => item !== undefined) ? { kind: 'array', at, items } : undefined;
  }
  if (node.type === 'object') {
    const entries: JsonEntry[] = [];
    for (const property of children) {
      const [key, value] = property.children ?? [];
      const v = value ? nodeOf(text, value) : undefined;
      if (key?.type !== 'string' || !v) return undefined;
      entries.push({ key: JSON.parse(text.slice(key.offset, key.offset + key.length)) as string, at: key.offset, value: v });
    }
    return { kind: 'object', at, entries };
  }
  if (node.type === 'property') return undefined;
  return { kind: 'scalar', at, value: JSON.parse(text.slice(at, at + node.length)) as string | number | boolean | null };
}
