/**
 * `buildSkillBundle`: reads a skills folder with the directory source and
 * returns it as a {@link SkillBundle} — plain JSON the browser can load with
 * `bundleSource()`. Runs in Node, at build time.
 * @module
 */
import { Buffer } from 'node:buffer';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { isSkillError } from '../format/errors.js';
import { directorySource } from './directory/directory-source.js';
import type { SkillEntry, SkillSource } from '../sources/source.js';
import { joinSourcePath } from '../sources/source.js';
import { bundleSource, SKILL_BUNDLE_VERSION, type SkillBundle, type SkillBundleEntry, type SkillBundleFile } from '../sources/bundle.js';
import { decodeUtf8 } from '../shared/text.js';
import { preparseBundle } from './preparsed-build.js';
import type { SkillLimits } from '../format/types.js';
import type { Embedder } from '../routing/meaning/embedder.js';
import { precomputeSkillVectors, type SkillVectorFile } from '../routing/meaning/vector-file.js';
import { SkillLoader } from '../loader/loader.js';

/** Options of {@link buildSkillBundle}. */
export interface BuildSkillBundleOptions {
  /**
   * The project root: `dir` is resolved against it, and paths in the bundle
   * (`entry.path`, diagnostics) are shown relative to it, so no absolute
   * path of the build machine ends up in the app (default `process.cwd()`).
   */
  root?: string;
  /** Discovery and per-file bounds handed to the directory source (`maxDepth`, `maxFolders`, `maxNesting`, `maxFileBytes`, `maxFilesPerSkill`). */
  limits?: SkillLimits;
  /** Also search hidden folders (default false). */
  includeHidden?: boolean;
  /**
   * Embed binary files as base64 (default true), so `read()` returns their
   * bytes in the browser. With false they are listed (size, digest) but
   * their contents stay out of the app, and reading one rejects with `NOT_FOUND`.
   */
  embedBinary?: boolean;
  /** Cancels the build; it then rejects with `SkillError` `ABORTED`. */
  signal?: AbortSignal;
  /**
   * Ship the skills already parsed, and the routing index over them (default
   * true), so a page parses no YAML and builds no index at start; the texts
   * stay in the bundle. See `SkillBundle.parsed`.
   */
  preparse?: boolean;
  /**
   * An embedder (`createSentenceEncoder()` of `satchel/embeddings`, say): the build then also embeds every routable
   * skill and ships the vectors in `bundle.vectors`, so a page routing by meaning embeds none of them at start.
   */
  embedder?: Embedder;
}

/**
 * Reads every skill folder under `dir` into a {@link SkillBundle}: SKILL.md
 * as text, each resource file's inventory (size, text flag, `sha256:`
 * digest — the same the directory source lists), and its contents — text
 * as text, anything that is not UTF-8 as base64 — so `read()` works in the
 * browser. A skill the loader would refuse anyway (an error diagnostic from
 * the listing, or a SKILL.md that is not UTF-8) is kept with its
 * diagnostics but without contents. A missing folder gives an empty bundle.
 *
 * @example
 * ```ts
 * import { buildSkillBundle } from 'satchel/node'
 * const bundle = await buildSkillBundle('skills', { root: process.cwd() })
 * await writeFile('skills.json', JSON.stringify(bundle))
 * ```
 */
export async function buildSkillBundle(dir: string, options: BuildSkillBundleOptions = {}): Promise<SkillBundle> {
  const root = resolve(options.root ?? process.cwd());
  const absolute = resolve(root, dir);
  const shown = shownPath(root, absolute);
  const limits = options.limits ?? {};
  const source = directorySource(absolute, {
    name: `directory:${shown}`,
    ...pick(limits, ['maxDepth', 'maxFolders', 'maxNesting', 'maxFileBytes', 'maxFilesPerSkill'] as const),
    ...(options.includeHidden === undefined ? {} : { includeHidden: options.includeHidden }),
  });
  const call = options.signal ? { signal: options.signal } : {};
  const listing = await source.list(call);
  // Entry paths start with the directory as given to the source (absolute here); show them from the root.
  const fromSource = absolute.split(sep).join('/');
  const rebase = (path: string): string => {
    if (path === fromSource) return shown;
    if (!path.startsWith(`${fromSource}/`)) return path;
    const rest = path.slice(fromSource.length + 1);
    return shown === '.' ? rest : `${shown}/${rest}`;
  };
  const entries: SkillBundleEntry[] = [];
  const embedBinary = options.embedBinary ?? true;
  for (const entry of listing.entries) entries.push(await bundleEntry(source, entry, { rebase, call, embedBinary }));
  const diagnostics = listing.diagnostics.map((d) => ({ ...d, path: isAbsolute(d.path) ? rebase(d.path) : posix.join(shown, d.path) }));
  const bundle: SkillBundle = { version: SKILL_BUNDLE_VERSION, entries, ...(diagnostics.length > 0 ? { diagnostics } : {}) };
  const built = options.preparse === false ? bundle : await preparseBundle(bundle);
  return options.embedder ? { ...built, vectors: await bundleVectors(built, options.embedder) } : built;
}

/** The vectors of the skills a loader takes from the bundle: the same skills, so the same digests, a page will hold. */
async function bundleVectors(bundle: SkillBundle, embedder: Embedder): Promise<SkillVectorFile> {
  const loader = new SkillLoader({ builtin: bundleSource(bundle), limits: { maxSkills: Infinity, maxTotalBytes: Infinity } });
  return precomputeSkillVectors(await loader.loadAll(), embedder);
}

interface EntryContext {
  readonly rebase: (path: string) => string;
  readonly call: { signal?: AbortSignal };
  readonly embedBinary: boolean;
}

async function bundleEntry(source: SkillSource, entry: SkillEntry, context: EntryContext): Promise<SkillBundleEntry> {
  const { rebase, call } = context;
  const path = rebase(entry.path);
  const fileName = entry.fileName ?? 'SKILL.md';
  const diagnostics: Diagnostic[] = (entry.diagnostics ?? []).map((d) => ({ ...d, path: rebase(d.path) }));
  let refused = diagnostics.some((d) => d.severity === 'error');
  let text = '';
  if (!refused) {
    const raw = entry.text ?? (await source.read(joinSourcePath(entry.dir, fileName), call));
    const decoded = typeof raw === 'string' ? raw : decodeUtf8(raw);
    if (decoded === undefined) {
      diagnostics.push(createDiagnostic('invalid-encoding', 'runtime', 'The file is not valid UTF-8 text.', path));
      refused = true;
    } else text = decoded;
  }
  const files: SkillBundleFile[] = [];
  for (const f of entry.files ?? []) {
    const base = { path: f.path, size: f.size ?? 0, isText: f.isText ?? false, digest: f.digest ?? '' };
    const skip = refused || (!base.isText && !context.embedBinary);
    files.push(skip ? base : { ...base, ...(await contentsOf(source, joinSourcePath(entry.dir, f.path), f.content, context, diagnostics, path)) });
  }
  return {
    dir: entry.dir,
    path,
    ...(entry.folder === undefined ? {} : { folder: entry.folder }),
    fileName,
    text,
    files,
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
  };
}

/**
 * The contents of one resource file: `content` when it is UTF-8 text,
 * `base64` otherwise (a file flagged text whose bytes are not UTF-8 past
 * the sniffed head included), nothing with a diagnostic when it cannot be read.
 */
async function contentsOf(
  source: SkillSource,
  path: string,
  listed: string | Uint8Array | undefined,
  context: EntryContext,
  diagnostics: Diagnostic[],
  shown: string,
): Promise<{ content?: string; base64?: string }> {
  if (typeof listed === 'string') return { content: listed };
  try {
    const bytes = listed ?? (await source.read(path, context.call));
    const text = decodeUtf8(bytes);
    if (text !== undefined && !bytes.subarray(0, 8192).includes(0)) return { content: text };
    return context.embedBinary ? { base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') } : {};
  } catch (e) {
    if (isSkillError(e) && e.code === 'ABORTED') throw e;
    const reason = e instanceof Error ? e.message : String(e);
    diagnostics.push(createDiagnostic('source-error', 'runtime', `\`${path}\` could not be read for the bundle: ${reason}`, shown));
    return {};
  }
}

/** `dir` as shown in the bundle: relative to the root, `/`-separated (`.` for the root itself). */
function shownPath(root: string, absolute: string): string {
  const rel = relative(root, absolute).split(sep).join('/');
  return rel === '' ? '.' : rel;
}

function pick<K extends keyof SkillLimits>(limits: SkillLimits, keys: readonly K[]): Partial<Pick<SkillLimits, K>> {
  const out: Partial<Pick<SkillLimits, K>> = {};
  for (const key of keys) {
    const value = limits[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
