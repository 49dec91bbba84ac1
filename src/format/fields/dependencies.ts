/**
 * A skill's declared needs: `metadata.dependencies`, with an `all` list (every
 * tool must be there) and an `any` list (at least one must be), read the same
 * way when parsing (each problem reported at its key) and when a loader checks
 * the needs against the tools an app has (docs/loader.md, "Skills that need tools").
 * @module
 */
import { isRecord, splitTools } from './values.js';
import type { Skill } from '../types.js';

/** What a skill declares it needs, from `metadata.dependencies`: tool names, exactly as the app names its tools. */
export interface SkillNeeds {
  /** Every one of these tools must be available. */
  readonly all: readonly string[];
  /** At least one of these tools must be available (an empty list asks for nothing). */
  readonly any: readonly string[];
}

/** What is missing of a skill's {@link SkillNeeds}: the `all` tools not there, and the `any` list when none of it is. */
export interface UnmetNeeds {
  /** The tools of `all` the app lacks. */
  readonly missing: readonly string[];
  /** The whole `any` list when the app has none of it; empty when `any` is met. */
  readonly anyOf: readonly string[];
}

/** Where a problem of `metadata.dependencies` is, as a key path, and what it is. */
export type NeedsProblem = (message: string, at: readonly string[]) => void;

const KEYS = ['all', 'any'] as const;
const AT = ['metadata', 'dependencies'] as const;

/**
 * Reads a `metadata.dependencies` value: a map `{ all, any }` whose lists are YAML lists of text or one
 * space-separated line, or the same map written as JSON text (so a skill that keeps to the specification's
 * text-only `metadata` can declare it). What cannot be read is reported through `problem` and left out;
 * `undefined` when nothing usable is declared.
 */
export function readNeeds(value: unknown, problem: NeedsProblem): SkillNeeds | undefined {
  const map = typeof value === 'string' ? fromJson(value, problem) : value;
  if (map === undefined) return undefined;
  if (!isRecord(map)) {
    problem('`metadata.dependencies` must be a map with `all` and `any` lists of tool names; it was ignored.', AT);
    return undefined;
  }
  for (const key of Object.keys(map)) {
    if (!(KEYS as readonly string[]).includes(key)) problem(`\`metadata.dependencies.${key}\` is not \`all\` or \`any\`; it was ignored.`, [...AT, key]);
  }
  const all = toolList(map, 'all', problem);
  const any = toolList(map, 'any', problem);
  return all.length === 0 && any.length === 0 ? undefined : { all, any };
}

function fromJson(text: string, problem: NeedsProblem): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    problem('`metadata.dependencies` is text that is not a JSON map of `all` and `any` lists; it was ignored.', AT);
    return undefined;
  }
}

function toolList(map: Record<string, unknown>, key: 'all' | 'any', problem: NeedsProblem): string[] {
  if (!Object.hasOwn(map, key)) return [];
  const value = map[key];
  const at = [...AT, key];
  if (typeof value === 'string') return dedupe(splitTools(value));
  if (!Array.isArray(value)) {
    problem(`\`metadata.dependencies.${key}\` must be a list of tool names; it was ignored.`, at);
    return [];
  }
  const names = value.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
  if (names.length !== value.length || names.includes('')) {
    problem(`\`metadata.dependencies.${key}\` holds entries that are not tool names (empty, a number, a list or a map); they were left out.`, at);
  }
  return dedupe(names.filter((v) => v !== ''));
}

function dedupe(names: readonly string[]): string[] {
  return [...new Set(names)];
}

// Per skill object (skills are immutable): the needs of its metadata, read once.
const needsOf = new WeakMap<Skill, SkillNeeds | null>();

/** The needs `skill` declares in `metadata.dependencies` (as the parser read them, its problems already reported), or `undefined`. */
export function skillNeeds(skill: Skill): SkillNeeds | undefined {
  let needs = needsOf.get(skill);
  if (needs === undefined) {
    const value = skill.metadata?.['dependencies'];
    needs = (value === undefined ? undefined : readNeeds(value, () => undefined)) ?? null;
    needsOf.set(skill, needs);
  }
  return needs ?? undefined;
}

/**
 * What `skill` needs and `available` lacks: `undefined` when its needs are met (every tool of `all` there, one of
 * `any` at least) or it declares none.
 *
 * @example
 * ```ts
 * const unmet = unmetNeeds(skill, ['web_search', 'read_file'])
 * if (unmet) console.log(`${skill.name} needs ${unmet.missing.join(', ')}`)
 * ```
 */
export function unmetNeeds(skill: Skill, available: Iterable<string> | ReadonlySet<string>): UnmetNeeds | undefined {
  const needs = skillNeeds(skill);
  if (!needs) return undefined;
  const has = available instanceof Set ? (available as ReadonlySet<string>) : new Set(available);
  const missing = needs.all.filter((tool) => !has.has(tool));
  const anyOf = needs.any.length > 0 && !needs.any.some((tool) => has.has(tool)) ? needs.any : [];
  return missing.length === 0 && anyOf.length === 0 ? undefined : { missing, anyOf };
}

/** What is missing, in words: `web_search and read_file` and/or `one of pdf_tools, ocr`. */
export function describeUnmet(unmet: UnmetNeeds): string {
  const parts: string[] = [];
  if (unmet.missing.length > 0) parts.push(unmet.missing.map((t) => `\`${t}\``).join(', '));
  if (unmet.anyOf.length > 0) parts.push(`one of ${unmet.anyOf.map((t) => `\`${t}\``).join(', ')}`);
  return parts.join(' and ');
}

/** The sentence that says what `name` needs and lacks, as a load's diagnostic and `skills.load`'s refusal begin. */
export function unmetNeedsMessage(name: string, unmet: UnmetNeeds): string {
  return `Skill "${name}" needs tools this app does not have: ${describeUnmet(unmet)}.`;
}
