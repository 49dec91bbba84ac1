/**
 * Field rules: turns parsed front matter into normalized skill fields,
 * reporting each broken rule. Spec fields first, then Satchel's extensions.
 * @module
 */
import type { DiagnosticCode, Profile } from './diagnostics.js';
import { codePointLength } from './text.js';
import type { Activation, BodyFormat, Skill, SkillExecution, ToolMode } from './types.js';

/** Everything of a {@link Skill} that comes from the front matter. */
export type SkillFields = Omit<Skill, 'content' | 'source' | 'path' | 'files' | 'digest' | 'diagnostics'>;

/** What the field rules need from the parser: where to report, and scalar source text. */
export interface FieldContext {
  readonly profile: Profile;
  readonly folder: string | undefined;
  /** Reports a rule at the given top-level key (or the file when absent). */
  report(code: DiagnosticCode, message: string, key?: string | readonly string[]): void;
  /** The source text of a scalar at `path`, e.g. `1.0` for a YAML float. */
  sourceOf(path: readonly string[]): string | undefined;
  /** Keys of the map at `path` that YAML read as something other than text. */
  nonTextKeys(path: readonly string[]): ReadonlySet<string>;
}

/** The open specification's six fields. */
export const SPEC_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'] as const;

/** Extension keys Satchel understands, each in kebab-case, with their camelCase aliases. */
const EXTENSION_KEYS: Record<string, string> = {
  version: 'version',
  author: 'author',
  allowedTools: 'allowed-tools',
  'disallowed-tools': 'disallowed-tools',
  disallowedTools: 'disallowed-tools',
  'tool-mode': 'tool-mode',
  toolMode: 'tool-mode',
  intents: 'intents',
  examples: 'examples',
  activation: 'activation',
  execution: 'execution',
  'disable-model-invocation': 'disable-model-invocation',
  disableModelInvocation: 'disable-model-invocation',
  'user-invocable': 'user-invocable',
  userInvocable: 'user-invocable',
  'argument-hint': 'argument-hint',
  argumentHint: 'argument-hint',
};

/** The kebab-case key of a known extension key; own keys only, so `constructor` or `__proto__` are unknown. */
function extensionKey(key: string): string | undefined {
  return Object.hasOwn(EXTENSION_KEYS, key) ? EXTENSION_KEYS[key] : undefined;
}

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ACTIVATIONS: readonly Activation[] = ['auto', 'manual', 'intent-matched'];

/** Sets an own property, so keys like `__proto__` stay plain data. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` has a setter on plain objects; every other key assigns as an own property.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Reads front matter into skill fields; `undefined` when a required field is unusable. */
export function readFields(data: Record<string, unknown>, ctx: FieldContext): SkillFields | undefined {
  const byKey = canonicalKeys(data, ctx);
  const name = readName(byKey.get('name'), ctx);
  const description = readDescription(byKey.get('description'), ctx);
  const out: Record<string, unknown> = {};
  readOptionalSpec(byKey, ctx, out);
  readExtensions(byKey, ctx, out);
  const extensions = readUnknown(data, ctx);
  if (name === undefined || description === undefined) return undefined;
  const intents = out['intents'] as string[] | undefined;
  out['activation'] ??= intents && intents.length > 0 ? 'intent-matched' : 'auto';
  out['bodyFormat'] ??= 'plain';
  if (extensions) out['extensions'] = extensions;
  return { name, description, ...out } as SkillFields;
}

/** Maps each known key (kebab or camel) to its value; reports extension keys in the spec profile. */
function canonicalKeys(data: Record<string, unknown>, ctx: FieldContext): Map<string, unknown> {
  const byKey = new Map<string, unknown>();
  for (const key of Object.keys(data)) {
    const canonical = (SPEC_KEYS as readonly string[]).includes(key) ? key : extensionKey(key);
    if (canonical === undefined || byKey.has(canonical)) continue;
    byKey.set(canonical, data[key]);
    if (ctx.profile === 'spec' && !(SPEC_KEYS as readonly string[]).includes(key)) {
      ctx.report('extension-field', `\`${key}\` is a Satchel extension, not one of the specification's six fields.`, key);
    }
  }
  return byKey;
}

function readUnknown(data: Record<string, unknown>, ctx: FieldContext): Record<string, unknown> | undefined {
  let extensions: Record<string, unknown> | undefined;
  for (const key of Object.keys(data)) {
    if ((SPEC_KEYS as readonly string[]).includes(key) || extensionKey(key) !== undefined) continue;
    ctx.report('unknown-field', `\`${key}\` is not a known field; it is kept in \`extensions\`.`, key);
    extensions ??= {};
    setOwn(extensions, key, data[key]);
  }
  return extensions;
}

/** A scalar as text: strings as is, numbers and booleans as written in the file. */
function scalarText(value: unknown, ctx: FieldContext, path: readonly string[]): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return ctx.sourceOf(path) ?? String(value);
  }
  return undefined;
}

function readName(value: unknown, ctx: FieldContext): string | undefined {
  if (value === undefined || value === null) {
    ctx.report('name-missing', 'The required field `name` is missing.', value === null ? 'name' : undefined);
    return undefined;
  }
  const raw = scalarText(value, ctx, ['name']);
  if (raw === undefined) {
    ctx.report('name-type', '`name` must be one text value, not a list or map.', 'name');
    return undefined;
  }
  const name = raw.trim();
  if (name === '') {
    ctx.report('name-missing', 'The required field `name` is empty.', 'name');
    return undefined;
  }
  const length = codePointLength(name);
  if (length > 64) ctx.report('name-too-long', `\`name\` is ${length} characters long; the limit is 64.`, 'name');
  if (name !== raw) ctx.report('name-format', '`name` has spaces around it; they were removed.', 'name');
  else if (!NAME_PATTERN.test(name)) ctx.report('name-format', `\`name\` "${name}" ${nameProblem(name)}.`, 'name');
  if (ctx.folder !== undefined && ctx.folder !== name) {
    ctx.report('name-mismatch', `\`name\` "${name}" does not match its folder "${ctx.folder}".`, 'name');
  }
  return name;
}

function nameProblem(name: string): string {
  if (/[A-Z]/.test(name) || name !== name.toLowerCase()) return 'must be lower-case';
  if (name.startsWith('-') || name.endsWith('-')) return 'must not start or end with a hyphen';
  if (name.includes('--')) return 'must not contain two hyphens in a row';
  return 'may use only a-z, 0-9 and hyphens';
}

function readDescription(value: unknown, ctx: FieldContext): string | undefined {
  if (value === undefined || value === null) {
    ctx.report('description-missing', 'The required field `description` is missing or empty.', value === null ? 'description' : undefined);
    return undefined;
  }
  const raw = scalarText(value, ctx, ['description']);
  if (raw === undefined) {
    ctx.report('description-type', '`description` must be one text value, not a list or map.', 'description');
    return undefined;
  }
  const description = raw.trim();
  if (description === '') {
    ctx.report('description-missing', 'The required field `description` is empty.', 'description');
    return undefined;
  }
  const length = codePointLength(description);
  if (length > 1024) ctx.report('description-too-long', `\`description\` is ${length} characters long; the limit is 1,024.`, 'description');
  return description;
}

function readOptionalSpec(byKey: Map<string, unknown>, ctx: FieldContext, out: Record<string, unknown>): void {
  if (byKey.has('license')) {
    const license = scalarText(byKey.get('license'), ctx, ['license']);
    if (license === undefined) ctx.report('license-type', '`license` must be text.', 'license');
    else out['license'] = license;
  }
  if (byKey.has('compatibility')) readCompatibility(byKey.get('compatibility'), ctx, out);
  if (byKey.has('metadata')) readMetadata(byKey.get('metadata'), ctx, out);
  if (byKey.has('allowed-tools')) {
    const tools = readToolList(byKey.get('allowed-tools'), 'allowed-tools', ctx, true);
    if (tools) out['allowedTools'] = tools;
  }
}

function readCompatibility(value: unknown, ctx: FieldContext, out: Record<string, unknown>): void {
  if (value === null) {
    ctx.report('compatibility-length', '`compatibility` is empty; give 1–500 characters or remove the key.', 'compatibility');
    return;
  }
  const text = scalarText(value, ctx, ['compatibility']);
  if (text === undefined) {
    ctx.report('compatibility-type', '`compatibility` must be text.', 'compatibility');
    return;
  }
  const length = codePointLength(text);
  if (length === 0 || length > 500) {
    ctx.report('compatibility-length', `\`compatibility\` is ${length} characters long; it must be 1–500.`, 'compatibility');
  }
  if (length > 0) out['compatibility'] = text;
}

function readMetadata(value: unknown, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!isRecord(value)) {
    ctx.report('metadata-type', '`metadata` must be a map of keys to text values; it was ignored.', 'metadata');
    return;
  }
  const metadata: Record<string, unknown> = {};
  const nonText = ctx.nonTextKeys(['metadata']);
  for (const key of Object.keys(value)) {
    const entry = value[key];
    const text = scalarText(entry, ctx, ['metadata', key]);
    if (nonText.has(key)) ctx.report('metadata-key-type', `\`metadata\` key ${key} is not text (YAML reads it as a number or boolean).`, ['metadata', key]);
    if (typeof entry !== 'string') {
      ctx.report('metadata-value-type', `\`metadata.${key}\` is ${describe(entry)}, not text.`, ['metadata', key]);
    }
    setOwn(metadata, key, text ?? entry);
  }
  out['metadata'] = metadata;
  readMetadataExtensions(metadata, ctx, out);
}

function readMetadataExtensions(metadata: Record<string, unknown>, ctx: FieldContext, out: Record<string, unknown>): void {
  const tags = metadata['tags'];
  if (tags !== undefined) {
    const list = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : typeof tags === 'string' ? splitTools(tags) : [];
    if (list.length > 0) out['tags'] = list;
  }
  const format = metadata['body-format'];
  if (format === 'plain' || format === 'structured') out['bodyFormat'] = format as BodyFormat;
  else if (format !== undefined) ctx.report('extension-value', '`metadata.body-format` must be `plain` or `structured`; `plain` is used.', ['metadata', 'body-format']);
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

function readToolList(value: unknown, key: string, ctx: FieldContext, spec: boolean): string[] | undefined {
  if (typeof value === 'string') return splitTools(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    if (spec) ctx.report('allowed-tools-format', `\`${key}\` is a YAML list; the specification asks for one space-separated line.`, key);
    return value.map((v) => v.trim()).filter((v) => v !== '');
  }
  ctx.report(spec ? 'allowed-tools-type' : 'extension-value', `\`${key}\` must be text or a list of text; it was ignored.`, key);
  return undefined;
}

function readExtensions(byKey: Map<string, unknown>, ctx: FieldContext, out: Record<string, unknown>): void {
  readText(byKey, 'version', 'version', ctx, out);
  readText(byKey, 'author', 'author', ctx, out);
  readText(byKey, 'argument-hint', 'argumentHint', ctx, out);
  if (byKey.has('disallowed-tools')) {
    const tools = readToolList(byKey.get('disallowed-tools'), 'disallowed-tools', ctx, false);
    if (tools) out['disallowedTools'] = tools;
  }
  readEnum(byKey, 'tool-mode', 'toolMode', ['inherit', 'none'] satisfies ToolMode[], ctx, out);
  readEnum(byKey, 'activation', 'activation', ACTIVATIONS, ctx, out);
  readStrings(byKey, 'intents', ctx, out);
  readStrings(byKey, 'examples', ctx, out);
  readBoolean(byKey, 'disable-model-invocation', 'disableModelInvocation', ctx, out);
  readBoolean(byKey, 'user-invocable', 'userInvocable', ctx, out);
  if (byKey.has('execution')) readExecution(byKey.get('execution'), ctx, out);
}

function readText(byKey: Map<string, unknown>, key: string, prop: string, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const text = scalarText(byKey.get(key), ctx, [key]);
  if (text === undefined) ctx.report('extension-value', `\`${key}\` must be text; it was ignored.`, key);
  else out[prop] = text;
}

function readEnum(byKey: Map<string, unknown>, key: string, prop: string, allowed: readonly string[], ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const value = byKey.get(key);
  if (typeof value === 'string' && allowed.includes(value)) out[prop] = value;
  else ctx.report('extension-value', `\`${key}\` must be one of ${allowed.map((a) => `\`${a}\``).join(', ')}; it was ignored.`, key);
}

function readStrings(byKey: Map<string, unknown>, key: 'intents' | 'examples', ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const value = byKey.get(key);
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list || !list.every((v) => typeof v === 'string')) {
    ctx.report('extension-value', `\`${key}\` must be a list of text; it was ignored.`, key);
    return;
  }
  const cleaned = list.map((v: string) => v.trim()).filter((v) => v !== '');
  if (cleaned.length > 0) out[key] = cleaned;
}

function readBoolean(byKey: Map<string, unknown>, key: string, prop: string, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const value = byKey.get(key);
  if (typeof value === 'boolean') out[prop] = value;
  else ctx.report('extension-value', `\`${key}\` must be \`true\` or \`false\`; it was ignored.`, key);
}

function readExecution(value: unknown, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!isRecord(value)) {
    ctx.report('extension-value', '`execution` must be a map with `maxSteps`, `timeout` and `canDelegate`; it was ignored.', 'execution');
    return;
  }
  const execution: SkillExecution = {};
  const steps = value['maxSteps'] ?? value['max-steps'];
  const timeout = value['timeout'];
  const delegate = value['canDelegate'] ?? value['can-delegate'];
  if (steps !== undefined) {
    if (Number.isInteger(steps) && (steps as number) > 0) execution.maxSteps = steps as number;
    else ctx.report('extension-value', '`execution.maxSteps` must be a positive whole number.', 'execution');
  }
  if (timeout !== undefined) {
    if (typeof timeout === 'number' && timeout > 0) execution.timeout = timeout;
    else ctx.report('extension-value', '`execution.timeout` must be a positive number of milliseconds.', 'execution');
  }
  if (delegate !== undefined) {
    if (typeof delegate === 'boolean') execution.canDelegate = delegate;
    else ctx.report('extension-value', '`execution.canDelegate` must be `true` or `false`.', 'execution');
  }
  out['execution'] = execution;
}

/** True for a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function describe(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a map';
  return `a ${typeof value}`;
}
