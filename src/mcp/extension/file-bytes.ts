/**
 * The bytes of a skill's files for the extension: read through the source
 * the skill was loaded from (a loader's skills, `loadSkills`'), supporting
 * files checked against the digests the skill was loaded with; for a skill
 * made in memory (`defineSkill`, an upsert) its SKILL.md written from the
 * skill and its text files from the contents it holds. A binary file of such
 * a skill has no bytes anywhere, so the skill cannot be served whole.
 * @module
 */
import { contentsOf } from '../../agent/contents.js';
import { SkillError } from '../../format/errors.js';
import { serializeSkill } from '../../format/serialize.js';
import { LOADER_LIMITS, type ResolvedLimits, type Skill, type SkillFile } from '../../format/types.js';
import { readSkillSourceFile, readVerifiedBytes } from '../../loader/agent/agent-view.js';
import { DEFAULT_SOURCE_TIMEOUT_MS } from '../../loader/source-call.js';
import { sha256Digest } from '../../shared/hash.js';
import { isSkillFileName, SKILL_FILE, toBytes } from '../../sources/inventory.js';
import { originOf } from '../../sources/origin.js';

/** How files are read: the source's limits (`maxFileBytes`) and the wait for one read. */
export interface FileReads {
  readonly limits: ResolvedLimits;
  readonly timeoutMs: number;
}

/** The reads for a source with `limits` (a loader's, a set's), or the loader's defaults. */
export function fileReadsOf(limits: ResolvedLimits | undefined): FileReads {
  return { limits: limits ?? LOADER_LIMITS, timeoutMs: DEFAULT_SOURCE_TIMEOUT_MS };
}

/** True when every file of `skill` can be read: it has a source, or holds the text of each file. */
export function holdsEveryFile(skill: Skill): boolean {
  if (originOf(skill) !== undefined) return true;
  const held = contentsOf(skill);
  return skill.files.every((file) => held?.has(file.path) === true);
}

/** The SKILL.md bytes of `skill` as its source holds them now (unchecked: the entry's digest is of these bytes). */
export async function skillFileBytes(skill: Skill, reads: FileReads): Promise<Uint8Array> {
  if (originOf(skill) === undefined) return toBytes(serializeSkill(skill));
  return readSkillSourceFile(skill, skillFileNameOf(skill), reads.limits, { timeoutMs: reads.timeoutMs });
}

/**
 * The bytes of `file` of `skill`, checked against its digest.
 *
 * @throws {SkillError} `DIGEST_MISMATCH` for a file changed since the load; `NOT_FOUND` for a file the skill does not hold.
 */
export async function resourceBytes(skill: Skill, file: SkillFile, reads: FileReads): Promise<Uint8Array> {
  if (originOf(skill) !== undefined) return readVerifiedBytes(skill, file, reads.limits, { timeoutMs: reads.timeoutMs });
  const text = contentsOf(skill)?.get(file.path);
  if (text === undefined)
    throw new SkillError('NOT_FOUND', `\`${file.path}\` of skill "${skill.name}" is listed, but its contents are not held.`, { path: file.path });
  const bytes = toBytes(text);
  if (sha256Digest(bytes) !== file.digest)
    throw new SkillError('DIGEST_MISMATCH', `\`${file.path}\` of skill "${skill.name}" does not match its digest.`, { path: file.path });
  return bytes;
}

/** The skill file's name as its source found it (`SKILL.md`, or a case variant), from the skill's path. */
function skillFileNameOf(skill: Skill): string {
  const path = skill.path ?? '';
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return isSkillFileName(base) ? base : SKILL_FILE;
}
