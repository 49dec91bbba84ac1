/**
 * A source's listing, checked before the loader uses it. A custom source may
 * return anything (`null`, a string, `[null]`, entries with fields of the
 * wrong type, getters that throw); each malformed part becomes a
 * `source-error` diagnostic and the well-formed rest is used, so one bad
 * source or entry never costs the others.
 * @module
 */
import { createDiagnostic, isDiagnosticCode, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import type { RouterJSON } from '../routing/types.js';
import { isRecord } from '../format/fields/values.js';
import { isBytes } from '../sources/inventory.js';
import type { SkillEntry, SkillFileInput } from '../sources/source.js';

/**
 * A listing whose frame is checked: `entries` is a list, not yet checked
 * one by one (a big listing is checked in the loader's slices, with
 * {@link checkEntry}), and `diagnostics` holds only well-formed ones.
 */
export interface RawListing {
  readonly entries: readonly unknown[];
  readonly diagnostics: readonly Diagnostic[];
  /** The source's routing index, unchecked: the router checks it before use and builds its own when it does not fit. */
  readonly index?: RouterJSON;
}

const SEVERITIES: ReadonlySet<unknown> = new Set(['error', 'warning', 'info']);

/** The frame of what `source.list()` returned: a `source-error` instead when it is not `{ entries: [...] }`. */
export function checkListing(raw: unknown, sourceName: string): RawListing {
  try {
    if (!isRecord(raw)) throw new TypeError(`it is ${describe(raw)}, not { entries, diagnostics }`);
    const entries = raw['entries'];
    if (!Array.isArray(entries)) throw new TypeError(`its \`entries\` is ${describe(entries)}, not a list`);
    const diagnostics = checkDiagnostics(raw['diagnostics'], sourceName, `the listing of source ${sourceName}`);
    const index = raw['index'];
    return isRecord(index) ? { entries, diagnostics, index: index as unknown as RouterJSON } : { entries, diagnostics };
  } catch (e) {
    const message = `Source ${sourceName} returned a malformed listing: ${reason(e)}. Its skills were not loaded.`;
    return { entries: [], diagnostics: [createDiagnostic('source-error', 'runtime', message, sourceName)] };
  }
}

/** Entry `index` of a listing as a fresh, plain {@link SkillEntry}, or the `source-error` saying why it is left out. */
export function checkEntry(value: unknown, index: number, sourceName: string): { entry: SkillEntry } | { problem: Diagnostic } {
  const checked = entryOf(value, index, sourceName);
  if ('entry' in checked) return checked;
  const message = `Entry ${index} of source ${sourceName} is malformed: ${checked.problem}. It is left out.`;
  return { problem: createDiagnostic('source-error', 'runtime', message, checked.path) };
}

/** A fresh, plain copy of one entry when every field has its type; else why not. */
function entryOf(value: unknown, index: number, sourceName: string): { entry: SkillEntry } | { problem: string; path: string } {
  let path = `${sourceName}#${index}`;
  try {
    if (!isRecord(value)) return { problem: `it is ${describe(value)}`, path };
    const e = { ...value };
    if (typeof e['path'] === 'string' && e['path'] !== '') path = e['path'];
    const bad = badField(e);
    if (bad) return { problem: bad, path };
    // The copy keeps every field (options such as a source's own flags pass through); the checked ones are replaced.
    if (e['files'] !== undefined) e['files'] = (e['files'] as unknown[]).map((f) => ({ ...(f as SkillFileInput) }));
    if (e['diagnostics'] !== undefined) e['diagnostics'] = checkDiagnostics(e['diagnostics'], path, `entry ${index}`);
    return { entry: e as unknown as SkillEntry };
  } catch (error) {
    return { problem: reason(error), path };
  }
}

/** The first field of an entry with the wrong type, described; `undefined` when all fit. */
function badField(e: Record<string, unknown>): string | undefined {
  if (typeof e['dir'] !== 'string') return `\`dir\` is ${describe(e['dir'])}, not text`;
  if (typeof e['path'] !== 'string') return `\`path\` is ${describe(e['path'])}, not text`;
  for (const key of ['folder', 'fileName']) if (e[key] !== undefined && typeof e[key] !== 'string') return `\`${key}\` is ${describe(e[key])}, not text`;
  const text = e['text'];
  if (text !== undefined && typeof text !== 'string' && !isBytes(text)) return `\`text\` is ${describe(text)}, not text or bytes`;
  if (e['skill'] !== undefined && !isRecord(e['skill'])) return `\`skill\` is ${describe(e['skill'])}, not a skill object`;
  const files = e['files'];
  if (files !== undefined) {
    if (!Array.isArray(files)) return `\`files\` is ${describe(files)}, not a list`;
    const i = files.findIndex((f) => !isFileInput(f));
    if (i >= 0)
      return `\`files[${i}]\` is not a file (\`path\` text; \`size\` a non-negative number, \`text\` true or false, \`digest\` text, \`content\` text or bytes, when given)`;
  }
  const bundle = e['bundle'];
  if (
    bundle !== undefined &&
    (!isRecord(bundle) || typeof bundle['name'] !== 'string' || (bundle['version'] !== undefined && typeof bundle['version'] !== 'string'))
  )
    return `\`bundle\` is not { name, version? } text`;
  if (e['lazy'] !== undefined && !isRecord(e['lazy'])) return `\`lazy\` is ${describe(e['lazy'])}, not { digest? }`;
  if (e['diagnostics'] !== undefined && !Array.isArray(e['diagnostics'])) return `\`diagnostics\` is ${describe(e['diagnostics'])}, not a list`;
  return undefined;
}

function isFileInput(value: unknown): value is SkillFileInput {
  if (!isRecord(value)) return false;
  const { path, size, isText, digest, content } = value;
  return (
    typeof path === 'string' &&
    (size === undefined || (typeof size === 'number' && Number.isFinite(size) && size >= 0)) &&
    (isText === undefined || typeof isText === 'boolean') &&
    (digest === undefined || typeof digest === 'string') &&
    (content === undefined || typeof content === 'string' || isBytes(content))
  );
}

/** The well-formed diagnostics of a list; each malformed one is replaced by a `source-error` saying so. */
function checkDiagnostics(value: unknown, path: string, where: string): Diagnostic[] {
  const problem = (message: string): Diagnostic => createDiagnostic('source-error', 'runtime', message, path);
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [problem(`The diagnostics of ${where} are ${describe(value)}, not a list; they were dropped.`)];
  return value.map((d, i) => (isDiagnostic(d) ? { ...d } : problem(`Diagnostic ${i} of ${where} is malformed; it was dropped.`)));
}

function isDiagnostic(value: unknown): value is Diagnostic {
  if (!isRecord(value)) return false;
  const { code, severity, message, path, line, column } = value;
  return (
    isDiagnosticCode(code) &&
    SEVERITIES.has(severity) &&
    typeof message === 'string' &&
    typeof path === 'string' &&
    Number.isInteger(line) &&
    Number.isInteger(column)
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `a ${typeof value}`;
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
