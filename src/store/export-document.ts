/**
 * Exports of a whole namespace: every skill with every revision, as
 * JSON-ready data. Import checks every field's type first, then the export's
 * own digest over the list of revisions and the usage entries, then every
 * revision's digest (re-parsing it as a write would), so a changed, added or
 * dropped revision or entry refuses the whole export.
 * @module
 */
import { canonicalJson, sha256Digest } from '../shared/hash.js';
import { SkillError } from '../format/errors.js';
import { SKILL_FILE } from '../sources/inventory.js';
import { checkExport } from './export-shape.js';
import { revisionBytes } from './growth.js';
import type { FileMap, HeadRecord, RevisionRecord } from './records.js';
import type { ExportedSkill, NamespaceExport } from './types.js';
import { prepareSkill } from './validate.js';
import type { ResolvedLimits, Skill } from '../format/types.js';
import type { KeptParse } from '../sources/preparsed-bundle.js';

export { EXPORT_FORMAT, type ExportedFile, type ExportedRevision, type ExportedSkill, type NamespaceExport } from './types.js';

/** A skill ready to write: its head and its revisions. */
export interface ImportedSkill {
  readonly head: HeadRecord;
  readonly revisions: readonly RevisionRecord[];
  /** The newest revision parsed, for the safety gate's scan. */
  readonly skill: Skill;
}

/**
 * The digest a namespace export must carry, computed the store's way: `sha256:` over every skill's name, state and
 * revision numbers and digests, in order, (from version 2) every usage entry and (version 3) every learned example.
 * Every field's type is checked first (`INVALID_INPUT`), so a malformed export never reaches the hashing; its own
 * `digest` may be absent or stale.
 *
 * @example
 * ```ts
 * const edited = { ...exported, usage: [] }
 * await store.importNamespace({ ...edited, digest: exportDigest(edited) })
 * ```
 */
export function exportDigest(exported: Omit<NamespaceExport, 'digest'> | string): string {
  return digestOf(checkExport(exported, false));
}

/** @deprecated Use {@link exportDigest} (issue 24's name; "archive" is a skill's state, docs/renames.md). */
export const archiveDigest = exportDigest;

/** The digest of an export whose fields are known to fit. */
export function digestOf(exported: Pick<NamespaceExport, 'version' | 'skills' | 'usage' | 'learned'>): string {
  const skills = exported.skills.map((s) => [s.name, s.state, s.revisions.map((r) => [r.revision, r.digest])]);
  if (exported.version === 1) return sha256Digest(canonicalJson(skills));
  const usage = (exported.usage ?? []).map((u) => [u.name, u.kind ?? 'activation', u.at ?? null, u.reason ?? null, u.outcome ?? null]);
  if (exported.version === 2) return sha256Digest(canonicalJson([skills, usage]));
  const learned = (exported.learned ?? []).map((e) => [e.name, e.text, e.count, e.learnedAt]);
  return sha256Digest(canonicalJson([skills, usage, learned]));
}

/** An exported skill from its head (or what is sound of it) and revisions. */
export function exportedSkill(head: Pick<HeadRecord, 'name' | 'state' | 'createdAt'>, revisions: readonly RevisionRecord[]): ExportedSkill {
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
 * Reads an export {@link checkExport} passed into records for namespace `ns`.
 * Throws `DIGEST_MISMATCH` when any digest does not match (and what a write
 * of each revision would throw); nothing is written either way.
 */
export function readExport(exported: NamespaceExport, ns: string, limits: ResolvedLimits, at: string): ImportedSkill[] {
  if (digestOf(exported) !== exported.digest) {
    throw new SkillError('DIGEST_MISMATCH', 'The namespace export does not match its digest: a skill, revision or usage entry was added, removed or changed.');
  }
  return exported.skills.map((skill) => importedSkill(skill, ns, limits, at));
}

/** The records of one checked skill; each revision is parsed as a write would parse it, and must match its digest. */
function importedSkill(skill: ExportedSkill, ns: string, limits: ResolvedLimits, at: string): ImportedSkill {
  let historyBytes = 0;
  let parsed: KeptParse | undefined;
  let newest: Skill | undefined;
  const revisions = skill.revisions.map((r): RevisionRecord => {
    const files = decodeFiles(r.files);
    // Past revisions keep what they were: a name stored before the mention rule still imports (with its warning).
    const prepared = prepareSkill({ ...files, [SKILL_FILE]: r.text }, { ...limits, history: true }, `export/${skill.name}`);
    if (prepared.name !== skill.name || prepared.digest !== r.digest) {
      throw new SkillError(
        'DIGEST_MISMATCH',
        `Skill "${skill.name}" revision ${r.revision} does not match its digest ${r.digest}; the export was refused whole.`,
      );
    }
    historyBytes += revisionBytes({ text: r.text, files });
    parsed = prepared.parsed;
    newest = prepared.skill;
    // Checked by checkExport: an actor is { kind, id? }, an action one of three; absent ones read as before.
    const actor = r.actor === undefined ? { kind: 'person' as const } : { kind: r.actor.kind, ...(r.actor.id === undefined ? {} : { id: r.actor.id }) };
    const action = r.action ?? 'put';
    return {
      ns,
      name: skill.name,
      revision: r.revision,
      digest: r.digest,
      text: r.text,
      files,
      at: r.at ?? at,
      actor,
      action,
      ...(r.from === undefined ? {} : { from: r.from }),
    };
  });
  const top = revisions[revisions.length - 1] as RevisionRecord;
  const state = skill.state;
  const createdAt = skill.createdAt ?? top.at;
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
    historyBytes,
    // The last revision's parse: the head is that revision.
    ...(parsed === undefined ? {} : { parsed }),
    ...authorOf(revisions),
  };
  return { head, revisions, skill: newest as Skill };
}

/** Who wrote the head's content: the actor of the newest revision that is not an archive or restore. */
function authorOf(revisions: readonly RevisionRecord[]): Pick<HeadRecord, 'writtenBy'> {
  const wrote = revisions.findLast((r) => r.action !== 'archive' && r.action !== 'restore');
  return wrote === undefined ? {} : { writtenBy: wrote.actor.kind };
}

/** The files of a checked revision (no `__proto__`, every one text or `{ base64 }`), base64 decoded. */
function decodeFiles(files: ExportedSkill['revisions'][number]['files']): FileMap {
  const out: Record<string, string | Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) out[path] = typeof content === 'string' ? content : fromBase64(content.base64);
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
    throw new SkillError('INVALID_INPUT', 'An exported file is not valid base64.', { cause });
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
