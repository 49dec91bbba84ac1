/**
 * What `parseSkill` is given, checked before anything is read: it is called
 * from plain JavaScript and across workers, so its input and options can be
 * anything, and a wrong one is a diagnostic, never a `TypeError`.
 * @module
 */
import type { ParseOptions } from './parse-options.js';
import type { SkillSourceKind } from './types.js';

/** The options with every present field of its declared type, and what is wrong with the input or options (a sentence), if anything. */
export interface CheckedInput {
  readonly options: ParseOptions;
  readonly problem?: string;
}

const TEXT_OPTIONS = ['folder', 'fileName', 'path'] as const;
const NUMBER_OPTIONS = ['maxFileBytes', 'maxNesting', 'maxFrontmatterBytes'] as const;
const BOOLEAN_OPTIONS = ['nameFromFolder', 'lazyDigest'] as const;
const SOURCES: readonly unknown[] = ['builtin', 'org', 'user'];

/** Checks `input` (text or bytes) and `options` (an object of the documented fields). */
export function checkParseInput(input: unknown, options: unknown): CheckedInput {
  if (options !== undefined && !isObject(options)) return { options: {}, problem: `The options must be an object, not ${kindOf(options)}.` };
  const given = (options ?? {}) as Record<string, unknown>;
  const out: ParseOptions = {};
  // Kept even when another option is wrong, so the diagnostic has the right profile and path.
  if (given['profile'] === 'spec' || given['profile'] === 'runtime') out.profile = given['profile'];
  for (const key of TEXT_OPTIONS) {
    const value = given[key];
    if (typeof value === 'string') out[key] = value;
  }
  const problem = inputProblem(input) ?? optionsProblem(given, out);
  return problem === undefined ? { options: out } : { options: out, problem };
}

function inputProblem(input: unknown): string | undefined {
  if (typeof input === 'string' || input instanceof Uint8Array) return undefined;
  return `The input must be SKILL.md text (a string) or its bytes (a Uint8Array), not ${kindOf(input)}.`;
}

function optionsProblem(given: Record<string, unknown>, out: ParseOptions): string | undefined {
  if (given['profile'] !== undefined && out.profile === undefined) return '`profile` must be `spec` or `runtime`.';
  for (const key of TEXT_OPTIONS) {
    if (given[key] !== undefined && out[key] === undefined) return `\`${key}\` must be text, not ${kindOf(given[key])}.`;
  }
  const source = given['source'];
  if (source !== undefined) {
    if (!SOURCES.includes(source)) return '`source` must be `builtin`, `org` or `user`.';
    out.source = source as SkillSourceKind;
  }
  for (const key of NUMBER_OPTIONS) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) return `\`${key}\` must be a number of 0 or more, not ${kindOf(value)}.`;
    out[key] = value;
  }
  for (const key of BOOLEAN_OPTIONS) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return `\`${key}\` must be true or false, not ${kindOf(value)}.`;
    out[key] = value;
  }
  const files = given['files'];
  if (files === undefined) return undefined;
  if (!Array.isArray(files)) return `\`files\` must be a list of files, not ${kindOf(files)}.`;
  const index = files.findIndex((f) => !isFileInput(f));
  if (index >= 0)
    return `\`files[${index}]\` must be an object with a text \`path\` and optional \`content\` (text or bytes), \`size\`, \`text\` and \`digest\`.`;
  out.files = files as NonNullable<ParseOptions['files']>;
  return undefined;
}

function isFileInput(value: unknown): boolean {
  if (!isObject(value)) return false;
  const f = value as Record<string, unknown>;
  const content = f['content'];
  const size = f['size'];
  return (
    typeof f['path'] === 'string' &&
    (content === undefined || typeof content === 'string' || content instanceof Uint8Array) &&
    (size === undefined || (typeof size === 'number' && size >= 0)) &&
    (f['isText'] === undefined || typeof f['isText'] === 'boolean') &&
    (f['digest'] === undefined || typeof f['digest'] === 'string')
  );
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value's kind for a message: `null`, `a list`, `a number`, … */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  const type = typeof value;
  return type === 'object' ? 'an object' : type === 'undefined' ? 'undefined' : `a ${type}`;
}
