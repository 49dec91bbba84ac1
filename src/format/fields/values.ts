/**
 * What every field rule shares: the context it reports through, and the
 * helpers that turn YAML values into field values.
 * @module
 */
import type { DiagnosticCode, Profile } from '../diagnostics/diagnostic.js';
import { canonicalJson } from '../../shared/hash.js';

/** What the field rules need from the parser: where to report, and scalar source text. */
export interface FieldContext {
  readonly profile: Profile;
  readonly folder: string | undefined;
  /** A missing `name` is taken from `folder` (with a warning) instead of skipping the skill. */
  readonly nameFromFolder: boolean;
  /** Reports a rule at the given top-level key (or the file when absent). */
  report(code: DiagnosticCode, message: string, key?: string | readonly string[]): void;
  /** The source text of a scalar at `path`, e.g. `1.0` for a YAML float. */
  sourceOf(path: readonly string[]): string | undefined;
  /** Keys of the map at `path` that YAML read as something other than text. */
  nonTextKeys(path: readonly string[]): ReadonlySet<string>;
}

/** Sets an own property, so keys like `__proto__` stay plain data. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` has a setter on plain objects; every other key assigns as an own property.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A scalar as text: strings as is, numbers and booleans as written in the file. */
export function scalarText(value: unknown, ctx: FieldContext, path: readonly string[]): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return ctx.sourceOf(path) ?? String(value);
  }
  return undefined;
}

/**
 * Splits a tool string on blanks and commas outside parentheses, so
 * `Read Bash(gh issue:*)` gives `Read` and `Bash(gh issue:*)`.
 */
export function splitTools(text: string): string[] {
  const tools: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (c === ',' || /\s/.test(c))) {
      if (current) tools.push(current);
      current = '';
    } else current += c;
  }
  if (current) tools.push(current);
  return tools;
}

/** True for a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** A value described for a message: `empty`, `a list`, `a map`, `a number`, … */
export function describe(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a map';
  return `a ${typeof value}`;
}

/** True when two front matter values are the same data (key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/** Reports a key written in two spellings with different values, at the second one (`at`, a key path). */
export function spellingConflict(ctx: FieldContext, [first, second]: readonly [string, string], at: readonly string[]): void {
  const where = at.length > 1 ? `\`${at.slice(0, -1).join('.')}\` has` : 'The front matter has';
  ctx.report(
    'key-spelling-conflict',
    `${where} both \`${first}\` and \`${second}\`, two spellings of one key, with different values; which one is meant cannot be told.`,
    at,
  );
}
