/**
 * Reading a discovery index: the 0.2.0 form (`$schema`, entries of type
 * `skill-md` or `archive`, each with a `url` and a `digest`) and the legacy
 * 0.1.0 form (`/.well-known/skills/index.json`, a `files` list per skill and
 * no digests). Each entry becomes a {@link RemoteEntry} with absolute URLs
 * and the folder it is listed under; what cannot be used becomes a diagnostic.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { unsafePathReason } from '../../shared/paths.js';
import { isSkillFileName, sourceDiagnostic } from '../inventory.js';

/** The `$schema` of a 0.2.0 discovery index. */
export const DISCOVERY_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** A published skill as the source works with it. */
export type RemoteEntry = ArtifactEntry | LegacyEntry;

/** A 0.2.0 entry: one artifact, verified by its digest. */
export interface ArtifactEntry {
  /** A SKILL.md file as is, or a `.tar.gz` / `.zip` of the skill folder. */
  readonly kind: 'skill-md' | 'archive';
  /** The index's name for the skill (the SKILL.md's own `name` is what loads). */
  readonly name: string;
  /** The skill folder it is listed under (from the artifact's path beside the index, else the name). */
  readonly dir: string;
  /** For `skill-md`: the file's own name (`SKILL.md`, or a case variant). */
  readonly fileName: string;
  /** Absolute, resolved against the index URL. */
  readonly url: string;
  /** `sha256:` + 64 lower-case hex digits of the artifact's raw bytes. */
  readonly digest: string;
  /**
   * The index's `description` of the skill, when it gives one (a non-blank string): with `lazy: true` the skill is
   * listed by it, and its name, until it is used.
   */
  readonly description?: string;
}

/** A 0.1.0 entry: loose files, no digests (the cache's manifest records those of the last fetch). */
export interface LegacyEntry {
  readonly kind: 'files';
  /** The skill's folder name in the index, also its folder here. */
  readonly name: string;
  readonly dir: string;
  /** Each file's path in the skill folder and absolute URL. */
  readonly files: readonly { readonly path: string; readonly url: string; readonly digest?: string }[];
}

/** What an index reads into. */
export interface ReadIndex {
  /** The usable entries, in index order. */
  readonly entries: RemoteEntry[];
  /** Why the index, or an entry of it, was skipped. */
  readonly diagnostics: Diagnostic[];
  /** True for the legacy form, whose files cannot be verified. */
  readonly legacy: boolean;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
type Json = Record<string, unknown>;

/** Reads the index text fetched from `indexUrl` (relative URLs resolve against it). */
export function readIndexDocument(text: string, indexUrl: URL): ReadIndex {
  const at = indexUrl.href;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return refused(`The index at ${at} is not JSON.`, at);
  }
  if (!isObject(doc) || !Array.isArray(doc['skills'])) return refused(`The index at ${at} has no \`skills\` list.`, at);
  const schema = doc['$schema'];
  const skills = doc['skills'] as unknown[];
  if (schema === DISCOVERY_SCHEMA) return collect(skills, (raw, i) => artifactEntry(raw, i, indexUrl), false);
  if (schema === undefined && skills.every((s) => isObject(s) && Array.isArray(s['files'])))
    return collect(skills, (raw, i) => legacyEntry(raw, i, indexUrl), true);
  return refused(`The index at ${at} has $schema ${JSON.stringify(schema ?? null)}; this reader knows ${DISCOVERY_SCHEMA} and the legacy 0.1.0 form.`, at);
}

function refused(message: string, path: string): ReadIndex {
  return { entries: [], diagnostics: [sourceDiagnostic('remote-index-entry', message, path)], legacy: false };
}

function collect(skills: unknown[], read: (raw: unknown, index: number) => RemoteEntry | Diagnostic, legacy: boolean): ReadIndex {
  const entries: RemoteEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const dirs = new Set<string>();
  skills.forEach((raw, i) => {
    const entry = read(raw, i);
    if (!('kind' in entry)) diagnostics.push(entry);
    else if (dirs.has(entry.dir))
      diagnostics.push(
        sourceDiagnostic(
          'remote-index-entry',
          `Entry ${i} (${entry.name}) takes folder \`${entry.dir}\`, which an earlier entry already takes; it is skipped.`,
          entry.name,
        ),
      );
    else {
      dirs.add(entry.dir);
      entries.push(entry);
    }
  });
  return { entries, diagnostics, legacy };
}

function artifactEntry(raw: unknown, i: number, indexUrl: URL): ArtifactEntry | Diagnostic {
  const bad = (why: string, path = `skills[${i}]`): Diagnostic => sourceDiagnostic('remote-index-entry', `Index entry ${i} is skipped: ${why}.`, path);
  if (!isObject(raw) || typeof raw['name'] !== 'string' || raw['name'] === '') return bad('it has no `name`');
  const name = raw['name'];
  const { type, url, digest } = raw;
  if (type !== 'skill-md' && type !== 'archive') return bad(`its type ${JSON.stringify(type ?? null)} is neither \`skill-md\` nor \`archive\``, name);
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return bad('its `digest` is not `sha256:` and 64 lower-case hex digits', name);
  if (typeof url !== 'string' || !URL.canParse(url, indexUrl)) return bad('its `url` is not a URL', name);
  const resolved = new URL(url, indexUrl);
  const placed = placement(resolved, indexUrl, type, name);
  if (!placed) return bad(`no safe folder can be made of its name or url`, name);
  const described = typeof raw['description'] === 'string' && raw['description'].trim() !== '' ? { description: raw['description'] } : {};
  return { kind: type, name, url: resolved.href, digest, ...placed, ...described };
}

/**
 * Where an artifact's skill is listed: its path beside the index (`pdf/SKILL.md`
 * → `pdf`, `tools/pdf.tar.gz` → `tools/pdf`), so a published tree reads back
 * with its folders; the entry's name when the artifact lives elsewhere.
 */
function placement(url: URL, indexUrl: URL, type: 'skill-md' | 'archive', name: string): { dir: string; fileName: string } | undefined {
  const base = new URL('.', indexUrl);
  let rel: string | undefined;
  if (url.origin === base.origin && url.pathname.startsWith(base.pathname) && url.search === '') {
    try {
      rel = decodeURIComponent(url.pathname.slice(base.pathname.length));
    } catch {
      rel = undefined;
    }
  }
  if (rel !== undefined && unsafePathReason(rel, Number.POSITIVE_INFINITY) === undefined) {
    const slash = rel.lastIndexOf('/');
    const last = rel.slice(slash + 1);
    if (type === 'skill-md' && isSkillFileName(last)) return { dir: slash < 0 ? '' : rel.slice(0, slash), fileName: last };
    const stem = type === 'archive' ? rel.replace(/\.(tar\.gz|tgz|zip)$/, '') : undefined;
    if (stem !== undefined && stem !== rel) return { dir: stem, fileName: 'SKILL.md' };
  }
  return unsafePathReason(name, 0) === undefined ? { dir: name, fileName: 'SKILL.md' } : undefined;
}

function legacyEntry(raw: unknown, i: number, indexUrl: URL): LegacyEntry | Diagnostic {
  const bad = (why: string, path = `skills[${i}]`): Diagnostic => sourceDiagnostic('remote-index-entry', `Index entry ${i} is skipped: ${why}.`, path);
  if (!isObject(raw) || typeof raw['name'] !== 'string' || unsafePathReason(raw['name'], 0) !== undefined) return bad('its `name` is no folder name');
  const name = raw['name'];
  const paths = raw['files'] as unknown[];
  if (!paths.every((p): p is string => typeof p === 'string' && unsafePathReason(p, Number.POSITIVE_INFINITY) === undefined))
    return bad('a path in `files` is not a safe relative path', name);
  if (!paths.some(isSkillFileName)) return bad('`files` lists no SKILL.md', name);
  const folder = new URL(`${encodeURIComponent(name)}/`, new URL('.', indexUrl));
  const files = paths.map((path) => ({ path, url: new URL(path.split('/').map(encodeURIComponent).join('/'), folder).href }));
  return { kind: 'files', name, dir: name, files };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
