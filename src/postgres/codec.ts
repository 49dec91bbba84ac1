/**
 * Records to SQL parameters and rows back to records. File maps go into a
 * `json` column, text as JSON strings and bytes as `{ "base64": … }`, so
 * every character of a text file (NUL and lone surrogates included) and the
 * order of the paths come back exactly; numbers PostgreSQL returns as
 * `bigint` text become numbers again.
 * @module
 */
import { base64ToBytes, bytesToBase64 } from '../shared/base64.js';
import { isBytes } from '../sources/inventory.js';
import type { KeptParse } from '../sources/preparsed-bundle.js';
import type { FileMap, HeadRecord, RevisionRecord } from '../store/records.js';
import type { ActorRecord } from '../store/types.js';
import type { SqlClient, SqlRow } from './sql.js';

/** A file map as the JSON text of its column. */
export function filesParam(files: FileMap): string {
  const out: Record<string, string | { base64: string }> = {};
  for (const [path, content] of Object.entries(files)) out[path] = isBytes(content) ? { base64: bytesToBase64(content) } : content;
  return JSON.stringify(out);
}

/** A file map read back; anything that is neither text nor `{ base64 }` is kept as it is, for the store's corruption checks. */
export function filesOf(value: unknown): FileMap {
  const json = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json as FileMap;
  // Parsed for this read: a map of texts only (most skills have no file at all) is the file map as it is.
  if (typeof value === 'string' || Object.getPrototypeOf(json) === Object.prototype) {
    let bytes = false;
    for (const path in json) if (typeof (json as Record<string, unknown>)[path] === 'object') bytes = true;
    if (!bytes) return json as FileMap;
  }
  return Object.fromEntries(
    Object.entries(json as Record<string, unknown>).map(([path, content]) => {
      const base64 = typeof content === 'object' && content !== null ? (content as { base64?: unknown }).base64 : undefined;
      return [path, typeof base64 === 'string' ? (base64ToBytes(base64) ?? content) : content];
    }),
  ) as FileMap;
}

/** A value of a `json` column (parsed by the driver, or text from a driver that does not). */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A whole number from a column that may come back as `bigint` text. */
export function numberOf(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** The head of a `skills` row. */
export function headOf(row: SqlRow): HeadRecord {
  // Built once, optional fields added in one fixed order: every head of a listing has one of a few shapes.
  const head: { -readonly [K in keyof HeadRecord]: HeadRecord[K] } = {
    ns: row['ns'] as string,
    name: row['name'] as string,
    revision: numberOf(row['revision']),
    digest: row['digest'] as string,
    state: row['state'] as HeadRecord['state'],
    text: textOf(row),
    files: filesOf(row['files']),
    createdAt: row['created_at'] as string,
    updatedAt: row['updated_at'] as string,
  };
  const bytes = row['history_bytes'];
  if (bytes !== null && bytes !== undefined) head.historyBytes = numberOf(bytes);
  const parsed = row['parsed'];
  if (parsed !== null && parsed !== undefined) head.parsed = jsonOf<KeptParse>(parsed);
  const writtenBy = row['written_by'];
  if (writtenBy === 'agent' || writtenBy === 'person') head.writtenBy = writtenBy;
  return head;
}

/** The parameters of a head, in the column order of `HEAD_COLUMNS`. */
export function headParams(h: HeadRecord): unknown[] {
  // A parse JSON cannot carry exactly (a non-finite number in an extension) is not kept: that skill loads by parsing.
  const parsed = h.parsed !== undefined && isJsonExact(h.parsed) ? JSON.stringify(h.parsed) : null;
  return [
    h.ns,
    h.name,
    h.revision,
    h.digest,
    h.state,
    h.text,
    filesParam(h.files),
    h.createdAt,
    h.updatedAt,
    h.historyBytes ?? null,
    parsed,
    h.writtenBy ?? null,
  ];
}

/** The columns of `skills`, in the order of `headParams`. */
export const HEAD_COLUMNS = 'ns, name, revision, digest, state, text, files, created_at, updated_at, history_bytes, parsed, written_by';

/**
 * On PGlite SKILL.md text is selected behind one character, which {@link textOf} drops: PGlite decodes each field with
 * a `TextDecoder` that removes a leading byte-order mark, and a stored SKILL.md keeps the one it was written with.
 * `pg` decodes text with `Buffer#toString`, which keeps it: there the column is selected as it is, so the server sends
 * the stored value without building a new one per row (the concatenation decompressed every text it sorted).
 */
const DOTTED_TEXT = `'.' || text AS dotted_text`;

/** The columns of `columns` to select through the driver `kind`, for {@link headOf} and {@link revisionOf}. */
export function selectList(columns: string, kind: SqlClient['kind']): string {
  return kind === 'pg' ? columns : columns.replace('text,', `${DOTTED_TEXT},`);
}

/** The SKILL.md text of a row selected by {@link selectList}. */
function textOf(row: SqlRow): string {
  const dotted = row['dotted_text'];
  if (dotted === undefined) return row['text'] as string;
  return typeof dotted === 'string' ? dotted.slice(1) : (dotted as string);
}

/** True when `JSON.parse(JSON.stringify(value))` is `value` again (members that are `undefined` aside, which both drop). */
export function isJsonExact(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && isJsonExact(v));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value).every(([key, v]) => key !== '__proto__' && (v === undefined || isJsonExact(v)));
}

/** The revision of a `revisions` row. */
export function revisionOf(row: SqlRow): RevisionRecord {
  const from = row['from_revision'];
  return {
    ns: row['ns'] as string,
    name: row['name'] as string,
    revision: numberOf(row['revision']),
    digest: row['digest'] as string,
    text: textOf(row),
    files: filesOf(row['files']),
    at: row['at'] as string,
    actor: jsonOf<ActorRecord>(row['actor']),
    action: row['action'] as RevisionRecord['action'],
    ...(from === null || from === undefined ? {} : { from: numberOf(from) }),
  };
}

/** The parameters of a revision, in the column order of `REVISION_COLUMNS`. */
export function revisionParams(r: RevisionRecord): unknown[] {
  return [r.ns, r.name, r.revision, r.digest, r.text, filesParam(r.files), r.at, JSON.stringify(r.actor), r.action, r.from ?? null];
}

/** The columns of `revisions`, in the order of `revisionParams`. */
export const REVISION_COLUMNS = 'ns, name, revision, digest, text, files, at, actor, action, from_revision';

/**
 * A log record (`audit`, `usage`, `learned`, `proposals`) split into its key columns and the JSON of the rest;
 * `seq` is the table's own.
 */
export function entryParam<T extends { readonly ns: string; readonly seq?: number }>(record: T): string {
  const { ns: _ns, seq: _seq, ...rest } = record;
  return JSON.stringify(rest);
}

/** A log record read back from its key columns and its JSON. */
export function entryOf<T>(row: SqlRow): T {
  const seq = row['seq'];
  return { ...jsonOf<object>(row['entry']), ns: row['ns'], ...(seq === undefined ? {} : { seq: numberOf(seq) }) } as T;
}
