/**
 * Validating a `Skill` object that did not come from the parser (a
 * `memorySource` given objects, a custom source's `entry.skill`, an
 * `upsert`): it is written out as SKILL.md text the way a store document is
 * and parsed, so it meets the same rules with the same diagnostics as any
 * SKILL.md — no second copy of the rules.
 * @module
 */
import { createDiagnostic } from '../format/diagnostics/diagnostic.js';
import { isRecord } from '../format/fields/values.js';
import { parseSkill, type ParseResult } from '../format/parse.js';
import type { SkillSourceKind } from '../format/types.js';
import type { SkillFileInput } from './source.js';
import { readSkillDocument } from './skill-document.js';

/** Options of {@link parseSkillObject}. */
export interface SkillObjectOptions {
  /** Path shown in diagnostics and kept as the skill's `path`. */
  readonly path: string;
  /** The tier the skill belongs to. */
  readonly source: SkillSourceKind;
  /** The folder the name must equal, when there is one. */
  readonly folder?: string;
  /** Largest accepted SKILL.md in bytes. */
  readonly maxFileBytes?: number;
  /** Deepest nesting of a resource path. */
  readonly maxNesting?: number;
}

/**
 * Parses a `Skill` object as if it were its SKILL.md: a skill on success,
 * else `errors` say why (a value that is no skill object at all is one
 * `source-error`). Never throws, also for objects whose getters throw.
 *
 * @example
 * ```ts
 * const { skill, errors } = parseSkillObject({ ...skill, intents: 'x' }, { path: 'x', source: 'user' })
 * ```
 */
export function parseSkillObject(value: unknown, options: SkillObjectOptions): ParseResult {
  const fail = (why: string): ParseResult => ({
    errors: [createDiagnostic('source-error', 'runtime', `The skill object is not a skill: ${why}.`, options.path)],
    warnings: [],
    infos: [],
  });
  if (!isRecord(value)) return fail(`it is ${value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`}`);
  try {
    const doc = readSkillDocument(value);
    if ('problem' in doc) return fail(doc.problem);
    const files: SkillFileInput[] = [...doc.listed, ...[...doc.files].map(([path, content]) => ({ path, content }))];
    return parseSkill(doc.text, {
      path: options.path,
      source: options.source,
      files,
      ...(options.folder === undefined ? {} : { folder: options.folder }),
      ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
      ...(options.maxNesting === undefined ? {} : { maxNesting: options.maxNesting }),
    });
  } catch (e) {
    // A getter that throws, or a value YAML cannot write: still a diagnostic.
    return fail(e instanceof Error ? e.message : String(e));
  }
}
