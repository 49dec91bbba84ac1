/**
 * `bundleSource`: skills shipped inside the app as plain JSON data — the
 * `SkillBundle` the Vite plugin (`satchel/vite`) writes at build time.
 * Isomorphic: no environment APIs, no server, no file system.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import {
  joinSourcePath,
  markNameFromFolder,
  type NameFromFolderOption,
  type SkillEntry,
  type SkillFileInput,
  type SkillSource,
  type SourceListing,
} from './source.js';
import { inMemorySource, keepsContent, notFound, sourceDiagnostic, toBytes } from './inventory.js';
import { BUNDLE_PARSE_FORMAT, inReportOrder, usableSkill, type SkillBundleParsed } from './preparsed-bundle.js';
import type { Skill } from '../format/types.js';
import type { SkillVectorFile } from '../routing/meaning/vector-file.js';
import { markPreparsed } from './preparsed-marks.js';
import { base64ToBytes } from '../shared/base64.js';
import { lazyBundleSource } from './lazy-bundle.js';

export { BUNDLE_PARSE_FORMAT, type SkillBundleParsed } from './preparsed-bundle.js';

/** The bundle format version this library writes and reads. */
export const SKILL_BUNDLE_VERSION = 1;

/** One resource file of a bundled skill: its inventory data and, unless left out, its contents. */
export interface SkillBundleFile {
  /** Path relative to the skill folder, `/`-separated. */
  readonly path: string;
  /** Size in bytes. */
  readonly size: number;
  /** True for UTF-8 text. */
  readonly isText: boolean;
  /** `sha256:` + hex of the bytes. */
  readonly digest: string;
  /** The contents of a text file. */
  readonly content?: string;
  /** The bytes of a binary file, base64-encoded (absent when the build left binaries out). */
  readonly base64?: string;
}

/** One skill folder of a bundle: a {@link SkillEntry} with the SKILL.md as text. */
export interface SkillBundleEntry {
  /** Path of the skill folder relative to the bundled folder (`''` for a root skill). */
  readonly dir: string;
  /** Path of the skill file as shown in diagnostics, relative to the project root. */
  readonly path: string;
  /** The folder's own name. */
  readonly folder?: string;
  /** The skill file's name as found (`SKILL.md`, or a case variant). */
  readonly fileName: string;
  /** The SKILL.md text (`''` when it could not be bundled; `diagnostics` then say why). */
  readonly text: string;
  /** Resource files besides SKILL.md, sorted by path. */
  readonly files: readonly SkillBundleFile[];
  /** Problems found while listing or bundling this folder. */
  readonly diagnostics?: readonly Diagnostic[];
  /**
   * The skill the build parsed from `text` (with its own diagnostics), when the bundle is pre-parsed. Its `content`
   * is null when the body stands in `text` as written: it is then `text.slice(...body)`, stored once.
   */
  readonly skill?: Omit<Skill, 'content'> & { readonly content: string | null };
  /** Where the skill's body is in `text` (start, end), when `skill.content` is null. */
  readonly body?: readonly [start: number, end: number];
  /** In a lazy bundle: the index in `chunks` of the chunk holding this skill whole (this entry is its metadata). */
  readonly chunk?: number;
}

/**
 * A folder of skills as plain JSON-able data, written by the Vite plugin and
 * read by {@link bundleSource}. Text resource files carry their contents as
 * text and binary files as base64, so `read()` works in the browser with no
 * server.
 */
export interface SkillBundle {
  /** Format version; always {@link SKILL_BUNDLE_VERSION}. */
  readonly version: 1;
  /** The skill folders, sorted by `dir`. */
  readonly entries: readonly SkillBundleEntry[];
  /** Problems of the bundled folder as a whole (e.g. a discovery limit). */
  readonly diagnostics?: readonly Diagnostic[];
  /** Present when the build parsed the skills: entries then carry `skill`, and this the routing index. */
  readonly parsed?: SkillBundleParsed;
  /**
   * The routable skills' vectors for routing by meaning, when the build was given an embedder: pass
   * `fileVectorCache(bundle.vectors)` as `routing.vectorCache` with the same embedder.
   */
  readonly vectors?: SkillVectorFile;
  /**
   * A lazy bundle's chunks (`satchelSkills({ lazy: true })`): each imports skills whole. The entries that name a `chunk`
   * are then metadata only, and {@link bundleSource} lists them lazily.
   */
  readonly chunks?: readonly SkillBundleChunkLoader[];
}

/** Options of {@link bundleSource}. */
export interface BundleSourceOptions extends NameFromFolderOption {
  /** Name shown in diagnostics (default `bundle`). */
  name?: string;
  /** Use the skills a pre-parsed bundle carries (default true); false parses every entry's text again. */
  preparsed?: boolean;
  /** Check each pre-parsed skill's digest against its fields, body and files; one that fails is parsed from its text (default false). */
  verify?: boolean;
}

interface Built {
  readonly listing: SourceListing;
  /** The well-formed entries, for reads. */
  readonly valid: readonly SkillBundleEntry[];
}

/**
 * A source over a {@link SkillBundle}: the builtin tier of a browser app. A lazy bundle (one with `chunks`) lists
 * its skills by metadata and imports a skill's chunk when the loader first uses it (docs/loader.md).
 *
 * `list()` returns the bundle's entries (resource files carry `content`
 * only for `sections/*.md`, as every source lists them). `read(path)`
 * returns the bytes of a SKILL.md or of a resource file (text is encoded
 * as UTF-8, binaries decoded from base64); a file the build listed without
 * its contents (binaries, when left out) rejects with `NOT_FOUND` saying
 * so. A value that is not a version-1 bundle makes
 * `list()` reject with `SOURCE_FAILED` (the loader reports it as a
 * `source-error` diagnostic).
 *
 * @example
 * ```ts
 * import bundle from 'virtual:satchel/skills'
 * import { SkillLoader, bundleSource } from 'satchel'
 *
 * const loader = new SkillLoader({ builtin: bundleSource(bundle) })
 * await loader.loadAll()
 * const guide = await bundleSource(bundle).read('refund-policy/references/policy.md')
 * ```
 */
export function bundleSource(bundle: SkillBundle, options: BundleSourceOptions = {}): SkillSource {
  const chunks: unknown = (bundle as { chunks?: unknown } | null)?.chunks;
  if (!Array.isArray(chunks) || !isSkillBundle(bundle)) return eagerBundleSource(bundle, options);
  // A chunk is an eager bundle of its skills, read with the same options (its pre-parsed skills under the same format).
  const parsed = bundle.parsed === undefined ? {} : { parsed: { format: bundle.parsed.format } };
  const sourceOf = (entries: readonly unknown[]): SkillSource =>
    eagerBundleSource({ version: 1, entries: entries as SkillBundleEntry[], ...parsed }, { ...options, name: options.name ?? 'bundle' });
  return lazyBundleSource({ entries: bundle.entries, chunks: chunks as SkillBundleChunkLoader[], metadata: eagerBundleSource(bundle, options), sourceOf });
}

/** One chunk of a lazy bundle: its skills whole, as an eager bundle holds them. */
export interface SkillBundleChunk {
  readonly entries: readonly SkillBundleEntry[];
}

/** Imports one chunk of a lazy bundle (a dynamic `import()` the Vite plugin writes, whose default export is the chunk). */
export type SkillBundleChunkLoader = () => Promise<{ readonly default: SkillBundleChunk }>;

function eagerBundleSource(bundle: SkillBundle, options: BundleSourceOptions): SkillSource {
  const name = options.name ?? 'bundle';
  let built: Built | undefined;
  const build = (): Built => (built ??= buildListing(bundle, name, options));
  // Made on the first read, not at start: a page that never reads a file never pays for the map.
  let readable: ReadonlyMap<string, Contents | null> | undefined;
  return inMemorySource(
    name,
    () => markNameFromFolder(build().listing, options.nameFromFolder),
    (path) => {
      readable ??= readableOf(build().valid);
      const content = readable.get(path);
      if (content === undefined) throw notFound(path, name);
      if (content === null) {
        throw new SkillError('NOT_FOUND', `\`${path}\` is listed by source ${name}, but its contents were left out of the bundle.`, { path });
      }
      return 'text' in content ? toBytes(content.text) : fromBase64(content.base64, path, name);
    },
  );
}

/** True when `value` looks like a {@link SkillBundle} of the version this library reads. */
export function isSkillBundle(value: unknown): value is SkillBundle {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v['version'] === SKILL_BUNDLE_VERSION && Array.isArray(v['entries']);
}

function buildListing(bundle: unknown, name: string, options: BundleSourceOptions): Built {
  if (!isSkillBundle(bundle)) {
    const version = typeof bundle === 'object' && bundle !== null ? (bundle as Record<string, unknown>)['version'] : undefined;
    throw new SkillError(
      'SOURCE_FAILED',
      `Source ${name} was not given a skill bundle of version ${SKILL_BUNDLE_VERSION}${version === undefined ? '' : ` (it has version ${String(version)})`}.`,
    );
  }
  const diagnostics: Diagnostic[] = Array.isArray(bundle.diagnostics) ? [...bundle.diagnostics] : [];
  const entries: SkillEntry[] = [];
  const valid: SkillBundleEntry[] = [];
  const parsed = options.preparsed === false ? undefined : bundle.parsed;
  bundle.entries.forEach((raw, index) => {
    const entry = entryOf(raw);
    if (!entry) {
      diagnostics.push(sourceDiagnostic('source-error', `Entry ${index} of source ${name} is malformed; it is left out.`, name));
      return;
    }
    valid.push(entry);
    entries.push(listed(entry, usableSkill(parsed, withBody(entry), options.verify ?? false)));
  });
  // The build's index covers its parse: listed only where that parse is used, and not where it is verified (an
  // index cannot be checked against the texts).
  const index = parsed?.format === BUNDLE_PARSE_FORMAT && options.verify !== true ? parsed.index : undefined;
  return { listing: { entries, diagnostics, ...(index === undefined ? {} : { index }) }, valid };
}

/** Source path → contents of every file of `entries`; `null` for a listed file whose contents are not in the bundle. */
function readableOf(entries: readonly SkillBundleEntry[]): Map<string, Contents | null> {
  const readable = new Map<string, Contents | null>();
  for (const entry of entries) {
    readable.set(joinSourcePath(entry.dir, entry.fileName), { text: entry.text });
    for (const f of entry.files) readable.set(joinSourcePath(entry.dir, f.path), contentsOf(f));
  }
  return readable;
}

/** The entry when it has the bundle shape (it may come from fetched JSON), else `undefined`. */
function entryOf(value: unknown): SkillBundleEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Record<string, unknown>;
  const ok =
    typeof e['dir'] === 'string' &&
    typeof e['path'] === 'string' &&
    typeof e['fileName'] === 'string' &&
    typeof e['text'] === 'string' &&
    (e['folder'] === undefined || typeof e['folder'] === 'string') &&
    (e['diagnostics'] === undefined || Array.isArray(e['diagnostics'])) &&
    Array.isArray(e['files']) &&
    (e['files'] as unknown[]).every(isBundleFile);
  return ok ? (value as SkillBundleEntry) : undefined;
}

function isBundleFile(value: unknown): value is SkillBundleFile {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    typeof f['path'] === 'string' &&
    typeof f['size'] === 'number' &&
    typeof f['isText'] === 'boolean' &&
    typeof f['digest'] === 'string' &&
    (f['content'] === undefined || typeof f['content'] === 'string') &&
    (f['base64'] === undefined || typeof f['base64'] === 'string')
  );
}

type Contents = { readonly text: string } | { readonly base64: string };

function contentsOf(f: SkillBundleFile): Contents | null {
  if (f.content !== undefined) return { text: f.content };
  if (f.base64 !== undefined) return { base64: f.base64 };
  return null;
}

/** Decodes base64 with `atob`, which browsers, workers and Node all have. */
function fromBase64(base64: string, path: string, name: string): Uint8Array {
  const bytes = base64ToBytes(base64);
  if (!bytes) throw new SkillError('SOURCE_FAILED', `\`${path}\` in source ${name} is not valid base64.`, { path });
  return bytes;
}

/** The entry as sources list it: contents only for the files the parser needs; a usable pre-parsed skill with its diagnostics. */
function listed(entry: SkillBundleEntry, skill: Skill | undefined): SkillEntry {
  const files: SkillFileInput[] = entry.files.map((f) => {
    const base = { path: f.path, size: f.size, isText: f.isText, digest: f.digest };
    return keepsContent(f.path) && f.content !== undefined ? { ...base, content: f.content } : base;
  });
  return {
    dir: entry.dir,
    path: entry.path,
    ...(entry.folder === undefined ? {} : { folder: entry.folder }),
    fileName: entry.fileName,
    text: entry.text,
    files,
    ...(entry.diagnostics && entry.diagnostics.length > 0 ? { diagnostics: [...entry.diagnostics] } : {}),
    // The load reports a pre-parsed skill's diagnostics as if it had parsed the text.
    ...(skill ? { skill: markPreparsed(skill), skillDiagnostics: inReportOrder(skill.diagnostics) } : {}),
  };
}

/** The entry's pre-parsed skill with its body, which the build stored once: in `text`, at `body`. */
function withBody(entry: SkillBundleEntry): unknown {
  const skill: unknown = entry.skill;
  if (typeof skill !== 'object' || skill === null || (skill as { content?: unknown }).content !== null) return skill;
  const span: unknown = entry.body;
  const [start, end] = Array.isArray(span) ? (span as unknown[]) : [];
  const fits = Number.isInteger(start) && Number.isInteger(end) && 0 <= (start as number) && (start as number) <= (end as number);
  return fits && (end as number) <= entry.text.length ? { ...skill, content: entry.text.slice(start as number, end as number) } : undefined;
}
