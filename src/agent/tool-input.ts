/**
 * What the skill tools share about their input: the `name` schema, the
 * checks of an input object, and the errors a model can read.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { utf8ByteLength } from '../shared/text.js';

/** The schema of a `name` input: an enum of `names`, or plain text once the enum would pass `served.maxEnumBytes`. */
export function nameSchemaOf(served: { readonly maxEnumBytes?: number }, names: readonly string[], what: string): Readonly<Record<string, unknown>> {
  const fits = served.maxEnumBytes === undefined || utf8ByteLength(JSON.stringify(names)) <= served.maxEnumBytes;
  return fits ? { type: 'string', enum: [...names], description: what } : { type: 'string', description: what };
}

/** The input as a record; `INVALID_INPUT` for anything but a plain object. */
export function inputRecord(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('The input must be an object.');
  return input as Record<string, unknown>;
}

/** An `INVALID_INPUT` error saying what to send. */
export function invalid(message: string): SkillError {
  return new SkillError('INVALID_INPUT', message);
}

/** The `NOT_FOUND` error for a name no skill has, listing (some of) the names there are. */
export function unknownSkill(name: string, names: readonly string[]): SkillError {
  return new SkillError('NOT_FOUND', `There is no skill named "${name}". Skills: ${listOf(names)}.`);
}

/** At most 20 items, then how many more: error messages stay short at any scale. */
export function listOf(items: readonly string[]): string {
  if (items.length === 0) return 'none';
  const shown = items.slice(0, 20).join(', ');
  return items.length > 20 ? `${shown} and ${items.length - 20} more` : shown;
}
