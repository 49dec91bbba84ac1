/**
 * Archives of a whole namespace: every skill with every revision, as
 * JSON-ready data. Import checks every revision's digest (re-parsing it as a
 * write would) and the archive's own digest over the list of revisions, so a
 * changed, added or dropped revision refuses the whole archive.
 * @module
 */
import { canonicalJson, sha256Digest } from '../shared/hash.js';
import { SkillError } from '../format/errors.js';
import { SKILL_FILE } from '../sources/inventory.js';
import type { FileMap, HeadRecord, RevisionRecord } from './records.js';
import { ARCHIVE_FORMAT, type ActorRecord, type ArchivedSkill, type SkillArchive } from './types.js';
import { prepareSkill } from './validate.js';
import type { ResolvedLimits } from '../format/types.js';

export { ARCHIVE_FORMAT, type ArchivedFile, type ArchivedRevision, type ArchivedSkill, type SkillArchive } from './types.js';

/** A skill ready to write: its head and its revisions. */
export interface ImportedSkill {
  readonly head: HeadRecord;
  readonly revisions: readonly RevisionRecord[];
}

/** The archive's digest: what it lists, in order. */
export function archiveDigest(skills: readonly ArchivedSkill[]): string {
  return sha256Digest(canonicalJson(skills.map((s) => [s.name, s.state, s.revisions.map((r) => [r.revision, r.digest])])));
}

/** An archived skill from its head and revisions. */
export function archivedSkill(head: HeadRecord, revisions: readonly RevisionRecord[]): ArchivedSkill {
  return {
    name: head.name,
    state: head.state === 'archived' ? 'archived' : 'active',
    createdAt: head.createdAt,
    revisions: revisions.map((r) => ({
      revision: r.revision,
      digest: r.digest,
      at: r.at,
      actor: r.actor,
      action: r.action,
      ...(r.from === undefined ? {} : { from: r.from }),
      text: r.text,
      files: Object.fromEntries(
        Object.entries(r.files).map(([path, content]) => [path, typeof content === 'string' ? content : { base64: toBase64(content) }]),
      ),
    })),
  };
}

/**
 * Reads and checks an archive into records for namespace `ns`. Throws
 * `INVALID_INPUT` for a malformed archive and `DIGEST_MISMATCH` when any
 * digest does not match; nothing is written either way.
 */
export function readArchive(archive: SkillArchive, ns: string, limits: ResolvedLimits, at: string): ImportedSkill[] {
  if (archiveDigest(archive.skills) !== archive.digest) {
    throw new SkillError('DIGEST_MISMATCH', 'The archive does not match its digest: a skill or revision was added, removed or changed.');
  }
  return archive.skills.map((skill) => importedSkill(skill, ns, limits, at));
}

/** The archive in `data` (an object or JSON text), checked for shape; `INVALID_INPUT` otherwise. */
export function parseArchive(data: SkillArchive | string): SkillArchive {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch (cause) {
      throw new SkillError('INVALID_INPUT', 'The archive is not JSON.', { cause });
    }
  }
  const a = value as Partial<SkillArchive> | null;
  const shaped = typeof a === 'object' && a !== null && a.format === ARCHIVE_FORMAT && a.version === 1 && Array.isArray(a.skills);
  if (!shaped || typeof a.digest !== 'string' || !Array.isArray(a.namespace)) {
    throw new SkillError('INVALID_INPUT', `Not a skill archive (format "${ARCHIVE_FORMAT}", version 1).`);
  }
  for (const s of a.skills) {
    const ok = typeof s === 'object' && s !== null && typeof s.name === 'string' && Array.isArray(s.revisions) && s.revisions.length > 0;
    if (!ok) throw new SkillError('INVALID_INPUT', 'An archived skill needs a name and at least one revision.');
  }
  return a as SkillArchive;
}

function importedSkill(skill: ArchivedSkill, ns: string, limits: ResolvedLimits, at: string): ImportedSkill {
  let last = 0;
  const revisions = skill.revisions.map((r): RevisionRecord => {
    if (!Number.isInteger(r.revision) || r.revision <= last)
      throw new SkillError('INVALID_INPUT', `Skill "${skill.name}": revisions must be whole numbers in increasing order.`);
    last = r.revision;
    const files = decodeFiles(r.files);
    const prepared = prepareSkill({ ...files, [SKILL_FILE]: r.text }, limits, `archive/${skill.name}`);
    if (prepared.name !== skill.name || prepared.digest !== r.digest) {
      throw new SkillError(
        'DIGEST_MISMATCH',
        `Skill "${skill.name}" revision ${r.revision} does not match its digest ${r.digest}; the archive was refused whole.`,
      );
    }
    const actor: ActorRecord =
      r.actor?.kind === 'agent'
        ? { kind: 'agent', ...(typeof r.actor.id === 'string' ? { id: r.actor.id } : {}) }
        : { kind: 'person', ...(typeof r.actor?.id === 'string' ? { id: r.actor.id } : {}) };
    const action = r.action === 'rollback' || r.action === 'import' ? r.action : 'put';
    return {
      ns,
      name: skill.name,
      revision: r.revision,
      digest: r.digest,
      text: r.text,
      files,
      at: typeof r.at === 'string' ? r.at : at,
      actor,
      action,
      ...(typeof r.from === 'number' ? { from: r.from } : {}),
    };
  });
  const top = revisions[revisions.length - 1] as RevisionRecord;
  const state = skill.state === 'archived' ? 'archived' : 'active';
  const createdAt = typeof skill.createdAt === 'string' ? skill.createdAt : top.at;
  const head: HeadRecord = {
    ns,
    name: skill.name,
    revision: top.revision,
    digest: top.digest,
    state,
    text: top.text,
    files: top.files,
    createdAt,
    updatedAt: at,
  };
  return { head, revisions };
}

function decodeFiles(files: unknown): FileMap {
  if (typeof files !== 'object' || files === null) throw new SkillError('INVALID_INPUT', 'An archived revision needs `files`.');
  const out: Record<string, string | Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) {
    if (typeof content === 'string') out[path] = content;
    else if (typeof content === 'object' && content !== null && typeof (content as { base64?: unknown }).base64 === 'string')
      out[path] = fromBase64((content as { base64: string }).base64);
    else throw new SkillError('INVALID_INPUT', `Archived file \`${path}\` is neither text nor { base64 }.`);
  }
  return out;
}

/** Base64 of bytes, in chunks (no Buffer: this runs in browsers too). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of base64 text. */
export function fromBase64(text: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text);
  } catch (cause) {
    throw new SkillError('INVALID_INPUT', 'An archived file is not valid base64.', { cause });
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
