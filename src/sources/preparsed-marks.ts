/**
 * Skills a source lists already parsed. A builtin bundle's were parsed and
 * validated by the bundle builder at build time, a skill store's when they
 * were written, both with this same code, so a load takes them as they are
 * (a store's only under the limits they were parsed with); a skill object
 * from any other source is validated like a parsed file. Kept by object
 * identity (a mark, `shared/marks.ts`), so no source can claim it: a store
 * marks the values its `search` returns, and `storeSource` trusts only a
 * value so marked.
 * @module
 */
import type { Skill } from '../format/types.js';
import { createMark } from '../shared/marks.js';
import type { ParseLimits } from './preparsed-bundle.js';

/** `null` for a bundle's skill (any limits), the limits of a store's. */
const preparsed = createMark<ParseLimits | null>();

/** A store value's ready parse: the skill, the limits it was parsed with, and the text and files it was parsed from. */
export interface ReadyParse {
  readonly skill: Skill;
  readonly limits: ParseLimits;
  readonly text: string;
  readonly files: object;
}

const ready = createMark<ReadyParse>();

/** Marks `skill` (this object) as parsed by this library: by the bundle builder, or under `limits` (a store's); returns it. */
export function markPreparsed(skill: Skill, limits?: ParseLimits): Skill {
  preparsed.set(skill, limits ?? null);
  return skill;
}

/** True for a skill object a source listed already parsed (a pre-parsed bundle's, or a store's under `limits`). */
export function isPreparsed(skill: Skill, limits?: ParseLimits): boolean {
  const parsedWith = preparsed.get(skill);
  if (parsedWith === undefined) return false;
  return parsedWith === null || (limits !== undefined && parsedWith.maxFileBytes === limits.maxFileBytes && parsedWith.maxNesting === limits.maxNesting);
}

/** True for a skill object a source listed already parsed, under whichever limits. */
export function wasPreparsed(skill: Skill): boolean {
  return preparsed.has(skill);
}

/** Marks a store item's `value` (this object, `{ text, files }`) as holding the text and files `parse` was parsed from. */
export function markReadyParse(value: object, parse: ReadyParse): void {
  ready.set(value, parse);
}

/** The ready parse of a value a store marked, while its `text` and `files` are still the ones parsed. */
export function readyParseOf(value: unknown): ReadyParse | undefined {
  const parse = ready.get(value);
  if (parse === undefined) return undefined;
  const v = value as { text?: unknown; files?: unknown };
  return v.text === parse.text && v.files === parse.files ? parse : undefined;
}
