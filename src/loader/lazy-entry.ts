/**
 * A lazily listed entry as a skill: known by its metadata (`loaded: false`, no body) until the loader reads it in
 * full through `source.readSkill`. docs/loader.md, "Eager and lazy sources".
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import type { Skill } from '../format/types.js';
import type { SkillEntry, SkillSource } from '../sources/source.js';

/** What reading an entry gave: the skill when it passed, and every diagnostic. */
export interface EntryRead {
  readonly skill?: Skill;
  readonly diagnostics: Diagnostic[];
}

// Found by a metadata parse only because the body and the section files are not there yet: the full read reports them.
const BODY_ONLY = new Set(['structured-no-sections', 'structured-body-ignored']);

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * The metadata skill of a lazy entry from what parsing its front matter gave: body empty, `loaded: false`, and the
 * digest the source promised when it gave one. A source that lists lazily but cannot read a skill in full
 * (no `readSkill`), or promises a malformed digest, lists nothing loadable: a `source-error`.
 */
export function lazyEntrySkill(source: SkillSource, entry: SkillEntry, read: EntryRead): EntryRead {
  const diagnostics = read.diagnostics.filter((d) => !BODY_ONLY.has(d.code));
  const problem = (message: string): EntryRead => ({ diagnostics: [...diagnostics, createDiagnostic('source-error', 'runtime', message, entry.path)] });
  if (typeof source.readSkill !== 'function')
    return problem(`Source ${source.name} listed this skill lazily but has no readSkill() to read it in full; it was skipped.`);
  const digest = entry.lazy?.digest;
  if (digest !== undefined && (typeof digest !== 'string' || !DIGEST.test(digest)))
    return problem(`Source ${source.name} listed this skill lazily with a malformed digest (not sha256: and 64 hex digits); it was skipped.`);
  if (!read.skill) return { diagnostics };
  const own = read.skill.diagnostics.filter((d) => !BODY_ONLY.has(d.code));
  const skill: Skill = { ...read.skill, content: '', diagnostics: own, loaded: false, ...(digest === undefined ? {} : { digest }) };
  return { skill, diagnostics };
}
