/**
 * The shape of a namespace export, checked field by field before anything
 * reads it: before its digest is computed (a `state` nested 50,000 deep
 * would overflow the hashing's stack), before a revision is parsed, before
 * a record is written. Every refusal is `INVALID_INPUT` naming the field.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { MAX_ACTOR_ID } from './audit.js';
import { SKILL_FILE } from '../sources/inventory.js';
import { describeValue, isRevision, MAX_REVISION, REVISION_ACTIONS } from './records.js';
import { EXPORT_FORMAT, type NamespaceExport } from './types.js';
import { usageRecordOf } from './evolution/usage.js';
import { learnedRecordsOf } from './evolution/learned.js';

/** Longest actor id and time text an export may carry (characters): far above any real one, far below a flood. */
export const EXPORT_TEXT_BOUNDS = { actorId: MAX_ACTOR_ID, time: 64 } as const;

const DIGEST = /^sha256:[0-9a-f]{64}$/;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
function refuse(message: string): never {
  throw new SkillError('INVALID_INPUT', message);
}

/**
 * The export in `data` (an object or JSON text), every field checked; `INVALID_INPUT` for the first that does not
 * fit. `withDigest: false` skips only the export's own `digest` (to compute it).
 */
export function checkExport(data: unknown, withDigest = true): NamespaceExport {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch (cause) {
      throw new SkillError('INVALID_INPUT', 'The namespace export is not JSON.', { cause });
    }
  }
  const a = value as Fields | null;
  if (!isFields(a) || a['format'] !== EXPORT_FORMAT || ![1, 2, 3].includes(a['version'] as number) || !Array.isArray(a['skills'])) {
    refuse(`Not a namespace export (format "${EXPORT_FORMAT}", version 1, 2 or 3).`);
  }
  const e = a as Fields;
  if (withDigest && (typeof e['digest'] !== 'string' || !DIGEST.test(e['digest'])))
    refuse('The namespace export needs its `digest` (`sha256:` and 64 hex digits).');
  if (!Array.isArray(e['namespace']) || !e['namespace'].every((p) => typeof p === 'string'))
    refuse('The namespace export needs its `namespace`, a list of texts.');
  const names = new Set<string>();
  (e['skills'] as unknown[]).forEach((skill, i) => checkSkill(skill, i, names));
  if (e['usage'] !== undefined) {
    if (!Array.isArray(e['usage'])) refuse('The export’s `usage` must be a list of entries.');
    // The store's own check of a usage entry: types and lengths, so the digest only ever reads texts.
    for (const entry of e['usage'] as unknown[]) usageRecordOf(entry as never, '', '1970-01-01T00:00:00.000Z');
  }
  if (e['learned'] !== undefined) {
    // Only a version 3 digest covers learned examples: in an older version they could be changed unseen.
    if (e['version'] !== 3) refuse('Learned examples come only in a version 3 export, whose digest covers them.');
    learnedRecordsOf(e['learned'], '');
  }
  return e as unknown as NamespaceExport;
}

function checkSkill(value: unknown, index: number, names: Set<string>): void {
  if (!isFields(value) || typeof value['name'] !== 'string' || value['name'] === '') refuse(`Skill ${index + 1} of the export has no name.`);
  const skill = value as Fields;
  const name = skill['name'] as string;
  // Two entries of one name would be written one over the other: the second's revisions replacing the first's.
  if (names.has(name)) refuse(`The export lists skill "${name}" twice; each skill must appear once, with all its revisions.`);
  names.add(name);
  if (skill['state'] !== 'active' && skill['state'] !== 'archived')
    refuse(`Skill "${name}": \`state\` must be "active" or "archived", not ${describeValue(skill['state'])}.`);
  if (skill['createdAt'] !== undefined) checkTime(skill['createdAt'], `Skill "${name}": \`createdAt\``);
  const revisions = skill['revisions'];
  if (!Array.isArray(revisions) || revisions.length === 0) refuse(`Skill "${name}" needs at least one revision.`);
  let last = 0;
  for (const revision of revisions as unknown[]) last = checkRevisionEntry(revision, name, last);
}

/** Checks one exported revision; returns its number. */
function checkRevisionEntry(value: unknown, name: string, last: number): number {
  if (!isFields(value)) refuse(`Skill "${name}": each revision must be an object, not ${describeValue(value)}.`);
  const r = value as Fields;
  const n = r['revision'];
  if (!isRevision(n) || n <= last) {
    refuse(`Skill "${name}": revision numbers are whole numbers from 1 to ${MAX_REVISION}, in increasing order; ${describeValue(n)} follows ${last}.`);
  }
  const at = `Skill "${name}" revision ${String(n)}`;
  if (typeof r['digest'] !== 'string' || !DIGEST.test(r['digest'])) refuse(`${at}: \`digest\` must be \`sha256:\` and 64 hex digits.`);
  if (typeof r['text'] !== 'string') refuse(`${at}: \`text\` (the ${SKILL_FILE}) must be a text.`);
  checkFiles(r['files'], at);
  if (r['at'] !== undefined) checkTime(r['at'], `${at}: \`at\``);
  if (r['actor'] !== undefined) checkActor(r['actor'], at);
  if (r['action'] !== undefined && !REVISION_ACTIONS.has(r['action'] as never)) refuse(`${at}: \`action\` must be put, rollback, import, archive or restore.`);
  const from = r['from'];
  if (from !== undefined && (!isRevision(from) || from >= (n as number))) refuse(`${at}: \`from\` must be an earlier revision number.`);
  return n as number;
}

function checkFiles(files: unknown, at: string): void {
  if (!isFields(files)) refuse(`${at}: \`files\` must be an object of paths.`);
  for (const [path, content] of Object.entries(files as Fields)) {
    // An object would take this key as its prototype and drop the file without a word.
    if (path === '__proto__') refuse(`${at}: a file cannot be named \`__proto__\`.`);
    const ok = typeof content === 'string' || (isFields(content) && typeof content['base64'] === 'string');
    if (!ok) refuse(`${at}: file \`${path}\` is neither text nor { base64 }.`);
  }
}

function checkActor(actor: unknown, at: string): void {
  const ok =
    isFields(actor) &&
    (actor['kind'] === 'person' || actor['kind'] === 'agent') &&
    (actor['id'] === undefined || (typeof actor['id'] === 'string' && actor['id'].length <= EXPORT_TEXT_BOUNDS.actorId));
  if (!ok) refuse(`${at}: \`actor\` must be { kind: "person" | "agent", id? } with an id of at most ${EXPORT_TEXT_BOUNDS.actorId} characters.`);
}

function checkTime(value: unknown, what: string): void {
  if (typeof value !== 'string' || value.length > EXPORT_TEXT_BOUNDS.time || Number.isNaN(Date.parse(value))) refuse(`${what} must be an ISO 8601 time.`);
}
