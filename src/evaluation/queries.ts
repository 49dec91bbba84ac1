/**
 * Trigger evals in the Agent Skills format: `evals/eval_queries.json` in a
 * skill folder holds `[{ "query": "…", "should_trigger": true }, …]`; a
 * queries file for a whole folder maps skill names to such lists. Reading
 * never throws: every problem is an {@link EvalDiagnostic} with its file,
 * line and column, a file that is not JSON gives no queries, and an item that
 * is not a query is left out while the others are kept.
 * @module
 */
import type { Skill } from '../format/types.js';
import { lineColumn, parseJsonTree, type JsonNode } from './json-tree.js';

/** One request, and whether it should activate the skill. The Agent Skills format's own keys. */
export interface EvalQuery {
  /** The request, as a user would type it. */
  readonly query: string;
  /** True when the skill should activate for it, false when it should not. */
  readonly should_trigger: boolean;
}

/** A problem in an eval file: where it is and what is wrong. Lines and columns are 1-based; 0 for the file as a whole. */
export interface EvalDiagnostic {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The queries read, by skill name, and the problems met. */
export interface EvalQueries {
  readonly queries: Record<string, EvalQuery[]>;
  readonly diagnostics: EvalDiagnostic[];
}

/** Where a skill folder keeps its trigger evals. */
export const EVAL_QUERIES_PATH = 'evals/eval_queries.json';

const SHAPE = '[{ "query": "…", "should_trigger": true }, …]';

/** Reports problems of one file at offsets of its text. */
type Report = (at: number | undefined, message: string) => void;

function reporter(text: string, path: string, diagnostics: EvalDiagnostic[]): Report {
  return (at, message) => diagnostics.push({ path, ...(at === undefined ? { line: 0, column: 0 } : lineColumn(text, at)), message });
}

/**
 * One skill's `eval_queries.json`: the list's queries, and a diagnostic for each problem (named by `path`).
 *
 * @example
 * ```ts
 * const { queries, diagnostics } = parseEvalQueries('[{ "query": "refund order 4411", "should_trigger": true }]', 'refunds/evals/eval_queries.json')
 * ```
 */
export function parseEvalQueries(text: string, path: string): { queries: EvalQuery[]; diagnostics: EvalDiagnostic[] } {
  const diagnostics: EvalDiagnostic[] = [];
  const report = reporter(text, path, diagnostics);
  const tree = parseJsonTree(text);
  if (!tree.ok) {
    report(tree.at, `not JSON: ${tree.message}`);
    return { queries: [], diagnostics };
  }
  if (tree.node.kind !== 'array') {
    report(tree.node.at, `the file must hold a list of queries, ${SHAPE}, not ${kindOf(tree.node)}`);
    return { queries: [], diagnostics };
  }
  return { queries: listQueries(tree.node.items, report, ''), diagnostics };
}

/**
 * A queries file for a whole folder: `{ "skill-name": [{ "query": "…", "should_trigger": true }, …], … }`. A skill whose
 * value is not a list gives a diagnostic and no queries; the other skills keep theirs.
 *
 * @example
 * ```ts
 * const { queries, diagnostics } = parseQueriesFile(readFileSync('evals.json', 'utf8'), 'evals.json')
 * ```
 */
export function parseQueriesFile(text: string, path: string): EvalQueries {
  const diagnostics: EvalDiagnostic[] = [];
  const report = reporter(text, path, diagnostics);
  // A map, so a skill named `__proto__` is a name like any other.
  const queries = new Map<string, EvalQuery[]>();
  const tree = parseJsonTree(text);
  if (!tree.ok) {
    report(tree.at, `not JSON: ${tree.message}`);
    return { queries: {}, diagnostics };
  }
  if (tree.node.kind !== 'object') {
    report(tree.node.at, `the file must map skill names to lists of queries, { "skill-name": ${SHAPE} }, not ${kindOf(tree.node)}`);
    return { queries: {}, diagnostics };
  }
  for (const { key, at, value } of tree.node.entries) {
    if (key.trim() === '') report(at, 'a skill name is empty');
    else if (value.kind !== 'array') report(value.at, `the queries of "${key}" must be a list, ${SHAPE}, not ${kindOf(value)}`);
    // A name given twice keeps its last list, as JSON.parse does; both lists' problems are reported.
    else queries.set(key, listQueries(value.items, report, ` of "${key}"`));
  }
  return { queries: Object.fromEntries(queries), diagnostics };
}

/** The items that are queries; each one that is not is reported and left out. */
function listQueries(items: readonly JsonNode[], report: Report, of: string): EvalQuery[] {
  const out: EvalQuery[] = [];
  items.forEach((item, i) => {
    const query = queryOf(item, (at, message) => report(at, `item ${i + 1}${of}: ${message}`));
    if (query) out.push(query);
  });
  return out;
}

function queryOf(item: JsonNode, report: Report): EvalQuery | undefined {
  if (item.kind !== 'object') {
    report(item.at, `must be an object, { "query": "…", "should_trigger": true }, not ${kindOf(item)}`);
    return undefined;
  }
  // The last of a key given twice, as JSON.parse reads it.
  const field = (key: string) => item.entries.findLast((e) => e.key === key);
  const query = field('query');
  const should = field('should_trigger');
  let ok = true;
  const problem = (at: number, message: string): void => {
    report(at, message);
    ok = false;
  };
  if (!query) problem(item.at, `has no "query"${lookalike(item, 'query')}`);
  else if (query.value.kind !== 'scalar' || typeof query.value.value !== 'string')
    problem(query.value.at, `"query" must be a string, not ${kindOf(query.value)}`);
  else if (query.value.value.trim() === '') problem(query.value.at, '"query" is empty');
  if (!should) problem(item.at, `has no "should_trigger"${lookalike(item, 'should_trigger')}`);
  else if (should.value.kind !== 'scalar' || typeof should.value.value !== 'boolean')
    problem(should.value.at, `"should_trigger" must be true or false, not ${kindOf(should.value)}`);
  if (!ok || !query || !should) return undefined;
  return { query: (query.value as { value: string }).value, should_trigger: (should.value as { value: boolean }).value };
}

/** ` (found "shouldTrigger")` when the item has a key that differs from `key` only in case, dashes or underscores. */
function lookalike(item: Extract<JsonNode, { kind: 'object' }>, key: string): string {
  const bare = (k: string) => k.toLowerCase().replace(/[-_\s]/g, '');
  const found = item.entries.find((e) => e.key !== key && bare(e.key) === bare(key));
  return found ? ` (found "${found.key}")` : '';
}

/** A value's kind as a message says it: `a string ("yes")`, `a number (1)`, `an object`, `a list`. */
function kindOf(node: JsonNode): string {
  if (node.kind === 'object') return 'an object';
  if (node.kind === 'array') return 'a list';
  const { value } = node;
  if (value === null) return 'null';
  const text = JSON.stringify(value);
  const shown = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return typeof value === 'string' ? `a string (${shown})` : typeof value === 'number' ? `a number (${shown})` : shown;
}

/** What {@link openEvalQueries} reads skills through: a `SkillLoader`, or a runtime client (`satchel/client`). */
export interface EvalQuerySource {
  getAll(): readonly Skill[] | Promise<readonly Skill[]>;
  readFile(name: string, path: string): Promise<string>;
}

/**
 * Each loaded skill's `evals/eval_queries.json`, read through the loader (any source: folders, a bundle, a store),
 * by skill name. A skill without the file has no queries; a file that cannot be read is a diagnostic.
 *
 * @example
 * ```ts
 * const { queries, diagnostics } = await openEvalQueries(loader)
 * ```
 */
export async function openEvalQueries(source: EvalQuerySource): Promise<EvalQueries> {
  const queries = new Map<string, EvalQuery[]>();
  const diagnostics: EvalDiagnostic[] = [];
  for (const skill of await source.getAll()) {
    if (!skill.files.some((f) => f.path === EVAL_QUERIES_PATH)) continue;
    const path = evalQueriesPathOf(skill);
    let text: string;
    try {
      text = await source.readFile(skill.name, EVAL_QUERIES_PATH);
    } catch (e) {
      diagnostics.push({ path, line: 0, column: 0, message: `could not be read: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    const read = parseEvalQueries(text, path);
    diagnostics.push(...read.diagnostics);
    if (read.queries.length > 0 || read.diagnostics.length === 0) queries.set(skill.name, read.queries);
  }
  return { queries: Object.fromEntries(queries), diagnostics };
}

/** The path of a skill's eval file: beside its SKILL.md when it came from a file, else under its name. */
export function evalQueriesPathOf(skill: Pick<Skill, 'name' | 'path'>): string {
  if (skill.path === undefined) return `${skill.name}/${EVAL_QUERIES_PATH}`;
  const cut = Math.max(skill.path.lastIndexOf('/'), skill.path.lastIndexOf('\\'));
  return `${skill.path.slice(0, cut + 1)}${EVAL_QUERIES_PATH}`;
}
