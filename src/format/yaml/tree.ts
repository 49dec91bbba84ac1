/**
 * The checks a YAML document passes before it becomes data: nesting depth,
 * aliases, keys, and the size it would have once its aliases are expanded.
 * @module
 */
import { isAlias, isCollection, isMap, isPair, isScalar, type Document } from 'yaml';
import type { YamlProblem } from './problem.js';

/** Deepest collection nesting below the top-level map, aliases expanded; guards every recursive reader. */
export const MAX_DEPTH = 64;

interface Visit {
  readonly node: unknown;
  readonly depth: number;
  readonly exit?: boolean;
}

/** What the walk remembers of each collection it has left: its height and its size with aliases expanded. */
interface Measured {
  readonly anchors: Map<string, unknown>;
  readonly heights: Map<unknown, number>;
  readonly sizes: Map<unknown, number>;
}

const at = (node: unknown): number => (node as { range?: [number] } | null)?.range?.[0] ?? 0;

/**
 * Checks the document before it becomes data, in one pass without recursion:
 * nesting (through aliases too) at most {@link MAX_DEPTH}; every alias refers
 * to an earlier anchor that does not contain it (a cycle would give circular
 * data); keys are scalars (a list or map as a key takes super-linear time to
 * convert); keys are unique; and the resolved size stays within `maxSize`.
 * `tagged` says whether any node carries an explicit tag.
 *
 * The resolved size counts the characters of every key and text value (the
 * source length of other scalars) plus one per item, an alias counting as
 * the whole node it names. Without aliases it never exceeds the text it was
 * read from, so only aliases can push it past the file limit; it is summed
 * node by node as the walk leaves each one, and the walk stops at the first
 * node past the limit, before anything is expanded.
 */
export function checkTree(doc: Document.Parsed, maxSize: number): { problems: YamlProblem[]; tagged: boolean } {
  const problems: YamlProblem[] = [];
  let tagged = false;
  const m: Measured = { anchors: new Map(), heights: new Map(), sizes: new Map() };
  const open = new Set<unknown>();
  const stack: Visit[] = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth, exit } = stack.pop() as Visit;
    if (exit) {
      open.delete(node);
      const over = leave(node, m, maxSize);
      if (over) return { problems: [over], tagged };
      continue;
    }
    if (isAlias(node)) {
      const source = m.anchors.get(node.source);
      if (source === undefined)
        problems.push({ code: 'invalid-yaml', message: `The alias \`*${node.source}\` has no anchor \`&${node.source}\` before it.`, offset: at(node) });
      else if (open.has(source))
        return {
          problems: [
            { code: 'yaml-alias-limit', message: `The alias \`*${node.source}\` refers to a node that contains it; it would never end.`, offset: at(node) },
          ],
          tagged,
        };
      else if (depth + (m.heights.get(source) ?? 0) - 1 > MAX_DEPTH) return { problems: [tooDeep(at(node))], tagged };
      continue;
    }
    const { anchor, tag } = (node ?? {}) as { anchor?: unknown; tag?: unknown };
    if (typeof anchor === 'string') m.anchors.set(anchor, node);
    // Only an explicitly tagged node can become something other than JSON-shaped data (a Set, a Date, bytes…).
    if (tag !== undefined) tagged = true;
    if (!isCollection(node)) continue;
    if (depth > MAX_DEPTH) return { problems: [tooDeep(at(node))], tagged };
    open.add(node);
    stack.push({ node, depth, exit: true });
    keyProblems(node, problems);
    const children = childNodes(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
  }
  return { problems, tagged };
}

/** Records the height and resolved size of a collection the walk leaves; a problem when the size passes `maxSize`. */
function leave(node: unknown, m: Measured, maxSize: number): YamlProblem | undefined {
  let height = 0;
  let size = isCollection(node) ? node.items.length : 0;
  for (const child of childNodes(node)) {
    const target = isAlias(child) ? m.anchors.get(child.source) : child;
    height = Math.max(height, m.heights.get(target) ?? 0);
    size += isCollection(target) ? (m.sizes.get(target) ?? 0) : scalarSize(target);
    if (size > maxSize) {
      return {
        code: 'yaml-alias-limit',
        message: `With its aliases expanded the front matter is larger than maxFileBytes (${maxSize}); a file can hold no more.`,
        offset: at(child),
      };
    }
  }
  m.heights.set(node, height + 1);
  m.sizes.set(node, size);
  return undefined;
}

/** Text length of a string scalar; source length of any other (a number, a date, binary…); 0 for an empty key or value. */
function scalarSize(node: unknown): number {
  if (!isScalar(node)) return 0;
  if (typeof node.value === 'string') return node.value.length;
  const range = node.range;
  return range ? range[1] - range[0] : String(node.value).length;
}

/** Adds to `problems` the keys of one collection's pairs that are collections or repeated. */
function keyProblems(node: unknown, problems: YamlProblem[]): void {
  if (!isCollection(node)) return;
  const keys = isMap(node) ? new Set<unknown>() : undefined;
  for (const item of node.items) {
    if (!isPair(item)) continue;
    if (isCollection(item.key))
      problems.push({ code: 'invalid-yaml', message: 'A key is a list or a map; front matter keys must be text.', offset: at(item.key) });
    else if (keys && isScalar(item.key)) {
      if (keys.has(item.key.value)) problems.push({ code: 'duplicate-key', message: 'Map keys must be unique', offset: at(item.key) });
      keys.add(item.key.value);
    }
  }
}

/** The key and value nodes of a collection's items, in document order. */
function childNodes(node: unknown): unknown[] {
  if (!isCollection(node)) return [];
  const out: unknown[] = [];
  for (const item of node.items) {
    if (isPair(item)) out.push(item.key, item.value);
    else out.push(item);
  }
  return out;
}

function tooDeep(offset: number): YamlProblem {
  return { code: 'yaml-too-deep', message: `Front matter nesting is deeper than ${MAX_DEPTH} levels.`, offset };
}
