/**
 * Field rules: turns parsed front matter into normalized skill fields,
 * reporting each broken rule. Spec fields first, then Satchel's extensions.
 * @module
 */
import { readExtensions, readToolList } from './extensions.js';
import { describe, isRecord, sameValue, scalarText, setOwn, spellingConflict, splitTools, type FieldContext } from './values.js';
import { codePointLength } from '../../shared/text.js';
import { frontmatterKey } from './keys.js';
import type { BodyFormat, Skill } from '../types.js';
import { describeCharacters, unmentionableCharacters } from '../../shared/names.js';
import { readNeeds } from './dependencies.js';

/** Everything of a {@link Skill} that comes from the front matter. */
export type SkillFields = Omit<Skill, 'content' | 'source' | 'path' | 'files' | 'digest' | 'diagnostics'>;

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

/**
 * Maps each known key (kebab or camel) to its value; reports extension keys
 * in the spec profile. A key given in both spellings with different values
 * is a `key-spelling-conflict`: which one was meant cannot be told, and
 * picking by key order would be silent. Equal values are fine.
 */
function canonicalKeys(data: Record<string, unknown>, ctx: FieldContext): Map<string, unknown> {
  const byKey = new Map<string, unknown>();
  const spelled = new Map<string, string>();
  for (const key of Object.keys(data)) {
    const known = frontmatterKey(key);
    if (known === undefined) continue;
    const first = spelled.get(known.key);
    if (first !== undefined) {
      if (!sameValue(byKey.get(known.key), data[key])) spellingConflict(ctx, [first, key], [key]);
      continue;
    }
    spelled.set(known.key, key);
    byKey.set(known.key, data[key]);
    if (ctx.profile === 'spec' && !(known.spec && known.key === key)) {
      ctx.report('extension-field', `\`${key}\` is a Satchel extension, not one of the specification's six fields.`, key);
    }
  }
  return byKey;
}

function readUnknown(data: Record<string, unknown>, ctx: FieldContext): Record<string, unknown> | undefined {
  let extensions: Record<string, unknown> | undefined;
  for (const key of Object.keys(data)) {
    if (frontmatterKey(key) !== undefined) continue;
    ctx.report('unknown-field', `\`${key}\` is not a known field; it is kept in \`extensions\`.`, key);
    extensions ??= {};
    setOwn(extensions, key, data[key]);
  }
  return extensions;
}

function readName(value: unknown, ctx: FieldContext): string | undefined {
  if (value === undefined || value === null) return missingName(value === null ? 'name' : undefined, 'missing', ctx);
  const raw = scalarText(value, ctx, ['name']);
  if (raw === undefined) {
    ctx.report('name-type', '`name` must be one text value, not a list or map.', 'name');
    return undefined;
  }
  const name = raw.trim();
  if (name === '') return missingName('name', 'empty', ctx);
  const length = codePointLength(name);
  if (length > 64) ctx.report('name-too-long', `\`name\` is ${length} characters long; the limit is 64.`, 'name');
  if (name !== raw) ctx.report('name-format', '`name` has spaces around it; they were removed.', 'name');
  else if (!NAME_PATTERN.test(name)) ctx.report('name-format', `\`name\` "${name}" ${nameProblem(name)}.`, 'name');
  if (ctx.folder !== undefined && ctx.folder !== name) {
    ctx.report('name-mismatch', `\`name\` "${name}" does not match its folder "${ctx.folder}".`, 'name');
  }
  return name;
}

/** No `name`: the folder's name when `nameFromFolder` allows it (MD-first skills omit the field), else a skip. */
function missingName(key: string | undefined, how: 'missing' | 'empty', ctx: FieldContext): string | undefined {
  const folder = ctx.folder;
  if (!ctx.nameFromFolder || folder === undefined || folder === '') {
    ctx.report('name-missing', `The required field \`name\` is ${how}.`, key);
    return undefined;
  }
  ctx.report('name-from-folder', `The field \`name\` is ${how}; the skill takes its folder's name "${folder}".`, key);
  const length = codePointLength(folder);
  if (length > 64) ctx.report('name-too-long', `The folder name is ${length} characters long; the limit for \`name\` is 64.`, key);
  if (!NAME_PATTERN.test(folder)) ctx.report('name-format', `The folder name "${folder}" ${nameProblem(folder)}.`, key);
  return folder;
}

/** Every way `name` breaks the rule, so one message names them all (the upper case, the space and the `!`). */
function nameProblem(name: string): string {
  const problems: string[] = [];
  if (name !== name.toLowerCase()) problems.push('must be lower-case');
  const others = [...new Set([...name.toLowerCase()].filter((ch) => !/[a-z0-9-]/.test(ch)))];
  if (others.length > 0) problems.push(`may use only a-z, 0-9 and hyphens, not ${describeCharacters(others)}`);
  if (name.startsWith('-') || name.endsWith('-')) problems.push('must not start or end with a hyphen');
  if (name.includes('--')) problems.push('must not contain two hyphens in a row');
  if (unmentionableCharacters(name).length > 0) problems.push(`can never be mentioned as /${name}`);
  return problems.length > 0 ? problems.join('; ') : 'may use only a-z, 0-9 and hyphens';
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
    // A map of declared needs is the shape Satchel reads (`dependencies.ts`); the specification still wants text.
    const needsMap = key === 'dependencies' && ctx.profile === 'runtime' && isRecord(entry);
    if (typeof entry !== 'string' && !needsMap) {
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
  if (metadata['dependencies'] !== undefined) {
    readNeeds(metadata['dependencies'], (message, at) => ctx.report('dependencies-format', message, at));
  }
  const format = metadata['body-format'];
  if (format === 'plain' || format === 'structured') out['bodyFormat'] = format as BodyFormat;
  else if (format !== undefined)
    ctx.report('extension-value', '`metadata.body-format` must be `plain` or `structured`; `plain` is used.', ['metadata', 'body-format']);
}
