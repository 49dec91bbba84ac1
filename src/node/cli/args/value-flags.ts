/**
 * The flags that take a value and are not limits (`--threshold 0.4`,
 * `--queries evals.json`): what each sets, the values it takes, and its help line.
 * @module
 */
import type { CliFlags } from '../io.js';

/** A value flag that is not a limit. */
export type ValueFlag = '--threshold' | '--queries' | '--min-rate' | '--store' | '--namespace';

/** One value flag's shape. */
interface ValueFlagSpec {
  /** How help shows the flag with its value. */
  readonly shown: string;
  /** The values it takes, as messages say it. */
  readonly takes: string;
  /** What it does, for help. */
  readonly help: string;
  /** Sets its `CliFlags` key from `text`; false (and nothing set) when `text` is not a value it takes. */
  readonly set: (flags: CliFlags, text: string) => boolean;
}

/** The value flags, in the order help lists them. */
export const VALUE_FLAGS: Readonly<Record<ValueFlag, ValueFlagSpec>> = {
  '--threshold': {
    shown: '--threshold <n>',
    takes: 'a number from 0 to 1',
    help: 'Activate a search hit at this score or more (0 to 1), instead of the decision rule.',
    set: (flags, text) => setIf(parseShare(text), (value) => (flags.threshold = value)),
  },
  '--queries': {
    shown: '--queries <file>',
    takes: 'a file',
    help: "Read the queries from this JSON file, skill name to [{ query, should_trigger }], instead of each skill's evals/eval_queries.json.",
    set: (flags, text) => setIf(text === '' ? undefined : text, (value) => (flags.queries = value)),
  },
  '--min-rate': {
    shown: '--min-rate <r>',
    takes: 'a number from 0 to 1',
    help: 'Exit 1 when a skill activates for less than this share of the queries it should (0 to 1), or an eval file is malformed.',
    set: (flags, text) => setIf(parseShare(text), (value) => (flags.minRate = value)),
  },
  '--store': {
    shown: '--store <url|dir>',
    takes: 'a postgres:// URL or a folder',
    help: 'Read skills from a skill store on PostgreSQL: a server (postgres://user@host/db) or the folder of an embedded PGlite database. Give --namespace with it.',
    set: (flags, text) => setIf(text === '' ? undefined : text, (value) => (flags.store = value)),
  },
  '--namespace': {
    shown: '--namespace <a/b>',
    takes: 'namespace segments joined by "/", none empty (acme/skills)',
    help: 'The store namespace to read, its segments joined by "/" (acme/skills for the org acme\'s skills).',
    set: (flags, text) => setIf(parseNamespace(text), (value) => (flags.namespace = value)),
  },
};

/** `acme/skills` as `['acme', 'skills']`; `undefined` when a segment is empty. */
export function parseNamespace(text: string): string[] | undefined {
  const segments = text.split('/');
  return segments.every((s) => s !== '') ? segments : undefined;
}

/** Calls `set` with `value` unless it is `undefined`; says whether it did. */
function setIf<T>(value: T | undefined, set: (value: T) => unknown): boolean {
  if (value === undefined) return false;
  set(value);
  return true;
}

/** True when `name` is a value flag. */
export function isValueFlag(name: string): name is ValueFlag {
  return Object.hasOwn(VALUE_FLAGS, name);
}

/** A number from 0 to 1 in decimal digits (`0`, `0.4`, `.4`, `1`); `undefined` otherwise (NaN, `-0.1`, `2`, `1e-1`). */
export function parseShare(text: string): number | undefined {
  // Digits only: `Number` would take '', ' ', '0x1' and 'Infinity'-like spellings a person did not mean as a share.
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  const value = Number(text);
  return value <= 1 ? value : undefined;
}
