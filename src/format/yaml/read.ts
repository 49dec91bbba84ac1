/**
 * Reads front matter YAML safely: YAML 1.2 core schema, unique keys, an
 * alias cap, a nesting cap, and the unquoted-colon recovery of the
 * specification's client guide.
 * @module
 */
import { parseDocument, isMap, isScalar, type Document, type Pair, type YAMLMap } from 'yaml';
import type { DiagnosticCode } from '../diagnostics/diagnostic.js';
import type { YamlProblem } from './problem.js';

export type { YamlProblem } from './problem.js';
import { colonWarnings, isColonError, provenColonError, quoteColonValues } from './colon-recovery.js';
import { checkTree } from './tree.js';
import { plainData } from './values.js';

export { MAX_DEPTH } from './tree.js';

/** The outcome of reading front matter YAML. */
export interface YamlRead {
  /** The plain data, when the YAML is a mapping that parsed. */
  readonly data?: Record<string, unknown>;
  /** The document, for locating keys. */
  readonly doc?: Document.Parsed;
  /** The YAML text the document was parsed from (repaired when recovered). */
  readonly text: string;
  /** Errors (no data) or warnings (data present). */
  readonly problems: readonly YamlProblem[];
}

/** Most aliases a document may expand; guards against alias bombs. */
export const MAX_ALIAS_COUNT = 100;
/** Deepest flow nesting (`[` / `{`) read before parsing; guards the stack. */
export const MAX_FLOW_DEPTH = 64;

const OPTIONS = {
  version: '1.2',
  schema: 'core',
  // Checked by `checkTree` in linear time: the package's own check is quadratic in the number of keys.
  uniqueKeys: false,
  prettyErrors: false,
  strict: true,
  stringKeys: false,
} as const;

/**
 * Reads the YAML of a front matter block. Never throws. `maxSize` bounds the
 * front matter with its aliases expanded (see `checkTree`); tagged values
 * come back as plain data (see `plainData`).
 */
export function readYaml(text: string, maxSize = Number.POSITIVE_INFINITY): YamlRead {
  const depth = flowDepthOffset(text);
  if (depth >= 0) {
    return fail(text, 'yaml-too-deep', `Front matter nesting is deeper than ${MAX_FLOW_DEPTH} levels.`, depth);
  }
  const repaired = quoteColonValues(text);
  if (repaired.lines.length === 0) return parseOnce(text, maxSize);
  // Values with an unquoted `: ` found: the repaired text is read first, and the original is not read at all when
  // the repair provably fixed an error it had (see `provenColonError`): a block of such lines costs one parse.
  const second = parseOnce(repaired.text, maxSize);
  const recovered = (): YamlRead => ({ ...second, problems: [...colonWarnings(repaired.lines), ...second.problems] });
  if (second.data !== undefined && provenColonError(text, repaired, second.doc)) return recovered();
  const first = parseOnce(text, maxSize);
  if (!first.problems.some((p) => p.code === 'invalid-yaml' && isColonError(p.message))) return first;
  return second.data === undefined ? first : recovered();
}

function parseOnce(text: string, maxSize: number): YamlRead {
  let doc: Document.Parsed;
  // Each YAML error is an Error object, and capturing its stack costs more than parsing the line it is about:
  // without stacks, a block of broken lines (the unquoted colon, duplicate keys) parses about twice as fast.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    doc = parseDocument(text, OPTIONS);
  } catch (e) {
    return fail(text, yamlErrorCode('', errorText(e)), `The YAML parser failed: ${errorText(e)}.`, 0);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const errors = doc.errors.map((e) => ({ code: yamlErrorCode(e.code, e.message), message: firstLine(e.message), offset: e.pos[0] }));
  const tree = checkTree(doc, maxSize);
  for (const p of tree.problems) errors.push(p);
  if (errors.length > 0) return { text, problems: errors.sort((a, b) => a.offset - b.offset) };
  if (doc.contents !== null && !isMap(doc.contents)) {
    return fail(text, 'frontmatter-not-mapping', 'The front matter is not a mapping of `key: value` lines.', doc.contents.range?.[0] ?? 0);
  }
  let data: unknown;
  try {
    const js: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    data = tree.tagged ? plainData(js) : js;
  } catch (e) {
    const alias = e instanceof ReferenceError || /alias/i.test(errorText(e));
    return fail(
      text,
      alias ? 'yaml-alias-limit' : 'yaml-too-deep',
      alias ? `The YAML expands more than ${MAX_ALIAS_COUNT} aliases.` : `The YAML could not be expanded: ${errorText(e)}.`,
      0,
    );
  }
  const warnings = doc.warnings.map((w) => ({ code: 'yaml-warning' as const, message: firstLine(w.message), offset: w.pos[0] }));
  return { data: (data ?? {}) as Record<string, unknown>, doc, text, problems: warnings };
}

function fail(text: string, code: DiagnosticCode, message: string, offset: number): YamlRead {
  return { text, problems: [{ code, message, offset }] };
}

function yamlErrorCode(code: string, message: string): DiagnosticCode {
  if (code === 'DUPLICATE_KEY') return 'duplicate-key';
  return /call stack/i.test(message) ? 'yaml-too-deep' : 'invalid-yaml';
}

/** Offset where flow nesting first passes the cap, or -1. Quotes are skipped. */
function flowDepthOffset(text: string): number {
  if (!text.includes('[') && !text.includes('{')) return -1;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') {
      if (++depth > MAX_FLOW_DEPTH) return i;
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
    else if (c === '\n') quote = '';
  }
  return -1;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const pairIndexes = new WeakMap<object, Map<string, Pair>>();

/** The first pair of `map` whose scalar key reads as `key`; indexed once per map, so lookups stay linear overall. */
function pairIn(map: YAMLMap, key: string): Pair | undefined {
  let index = pairIndexes.get(map);
  if (index === undefined) {
    index = new Map();
    for (const pair of map.items) {
      const k = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (k !== undefined && !index.has(k)) index.set(k, pair);
    }
    pairIndexes.set(map, index);
  }
  return index.get(key);
}

/** The node at `path` of map keys, or `undefined`. */
function nodeAt(doc: Document.Parsed | undefined, path: readonly string[]): unknown {
  let node: unknown = doc?.contents;
  for (const key of path) {
    if (!isMap(node)) return undefined;
    node = pairIn(node, key)?.value;
  }
  return node;
}

/** Offset of the key at `path` (top-level or nested) in the document, for locating diagnostics. */
export function keyOffset(doc: Document.Parsed | undefined, path: string | readonly string[]): number | undefined {
  const keys = typeof path === 'string' ? [path] : path;
  const parent = nodeAt(doc, keys.slice(0, -1));
  if (!isMap(parent)) return keys.length > 1 ? keyOffset(doc, keys.slice(0, -1)) : undefined;
  const key = pairIn(parent, keys[keys.length - 1] ?? '')?.key;
  return (key as { range?: [number] } | undefined)?.range?.[0];
}

/** The source text of a scalar value (e.g. `1.0` rather than the number 1). */
export function scalarSource(doc: Document.Parsed | undefined, path: readonly string[]): string | undefined {
  const node = nodeAt(doc, path);
  if (!isScalar(node)) return undefined;
  const source = (node as { source?: unknown }).source;
  return typeof source === 'string' ? source : undefined;
}

/** Keys of the map at `path` whose YAML value is not a string (e.g. `1:`). */
export function nonTextKeys(doc: Document.Parsed | undefined, path: readonly string[]): ReadonlySet<string> {
  const node = nodeAt(doc, path);
  const keys = new Set<string>();
  if (!isMap(node)) return keys;
  for (const pair of node.items) {
    if (isScalar(pair.key) && typeof pair.key.value !== 'string') keys.add(String(pair.key.value));
  }
  return keys;
}
