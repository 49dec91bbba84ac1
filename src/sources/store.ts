/**
 * `storeSource`: the skills of one namespace of a LangGraph-style store
 * (anything with `search(namespace, options?)`), read up to a
 * per-namespace limit.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError, throwIfAborted } from '../format/errors.js';
import { unsafePathReason } from '../shared/paths.js';
import {
  joinSourcePath,
  type NameFromFolderOption,
  type SkillEntry,
  type SkillFileInput,
  type SkillSource,
  type SourceCallOptions,
  type SourceListing,
} from './source.js';
import { assertLimits, SKILL_SET_LIMITS } from '../format/types.js';
import { assertReadPath, compareCodeUnits, fileInputOf, notFound, ownerOf, SKILL_FILE, sortListing, sourceDiagnostic, toBytes } from './inventory.js';
import { inReportOrder } from './preparsed-bundle.js';
import { markPreparsed, readyParseOf } from './preparsed-marks.js';
import { readSkillDocument, type SkillDocument } from './skill-document.js';

/** One item a store's `search` returns: its `value` is a skill document. */
export interface SkillStoreItem {
  /** The item's key in its namespace; used as the skill's folder in paths. */
  readonly key?: string;
  /** SKILL.md text, `{ text, files? }`, or a Skill-like `{ name, description, content | instructions, … }`. */
  readonly value: unknown;
  /** Who wrote the revision listed (Satchel's store says): an `agent`'s skill is shown as agent-written. */
  readonly writtenBy?: 'person' | 'agent';
}

/**
 * Anything with a LangGraph-style `search`: `BaseStore` from
 * `@langchain/langgraph`, Satchel's own skill store, or a plain object.
 * `options.limit` is passed so stores that page by default (LangGraph
 * returns 10 items unless told) return enough.
 */
export interface SkillStoreLike {
  /**
   * The items of `namespace`; `options.limit` caps how many, `options.offset` skips (stores that have `count`).
   * `options.after`, the key of the previous page's last item, lets a store that pages by key (Satchel's own) start
   * right after it instead of counting `offset` items; a store that does not know it uses `offset`.
   */
  search(namespace: string[], options?: { limit?: number; offset?: number; after?: string }): Promise<readonly SkillStoreItem[]>;
  /**
   * How many items `namespace` holds. A store that knows (Satchel's own) is read whole, page by page with
   * `limit`/`offset`, unless `perNamespace` is given; `undefined` means it does not know (read as a foreign store).
   */
  count?(namespace: string[]): Promise<number | undefined>;
}

/** Options of {@link storeSource}. */
export interface StoreSourceOptions extends NameFromFolderOption {
  /**
   * Most items read from the namespace; the rest are not loaded and a `namespace-limit` warning says so. Default: every
   * item of a store with `count` (Satchel's own, read in pages), 50 of any other (the pleach seed's rule).
   */
  perNamespace?: number;
  /** Deepest nesting of a document's file path (default 8). */
  maxNesting?: number;
  /** Name shown in diagnostics (default `store:<namespace joined by '/'>`). */
  name?: string;
}

/** Items read per namespace of a store without `count`, unless `perNamespace` says otherwise. */
export const DEFAULT_PER_NAMESPACE = 50;

/** Items asked for per `search` when a store that has `count` is read whole. */
export const STORE_PAGE_SIZE = 500;

interface Snapshot {
  readonly listing: SourceListing;
  readonly byDir: ReadonlyMap<string, Held>;
}

interface Held {
  readonly fileName: string;
  readonly doc: SkillDocument;
}

/**
 * A source over one namespace of a store. Each item is one skill folder
 * named by the item's key (the skill's name, then its index, when the item
 * has none). Entries carry no `folder`: a store key is an id, not a folder,
 * so no `name-mismatch` is reported against it — except with
 * `nameFromFolder`, where the item's key is the folder a SKILL.md without
 * `name` is named after (and a differing `name` is then a mismatch). `read()` serves the files
 * of the documents seen by the last `list()` (listing first if there was
 * none), so reads match the digests listed.
 *
 * @throws {SkillError} `list()` rejects with `SOURCE_FAILED` (cause kept) when `search` fails.
 * @example
 * ```ts
 * const org = storeSource(store, ['acme', 'skills'], { perNamespace: 100 })
 * const { entries, diagnostics } = await org.list()
 * ```
 */
export function storeSource(store: SkillStoreLike, namespace: readonly string[], options: StoreSourceOptions = {}): SkillSource {
  const ns = [...namespace];
  const label = ns.join('/');
  const name = options.name ?? `store:${label}`;
  assertLimits(options, ['perNamespace', 'maxNesting'], 'storeSource');
  const maxNesting = options.maxNesting ?? SKILL_SET_LIMITS.maxNesting;
  let last: Snapshot | undefined;
  const list = async (call: SourceCallOptions = {}): Promise<SourceListing> => {
    throwIfAborted(call.signal);
    const total = options.perNamespace === undefined ? await countSafely(store, ns, name) : undefined;
    const perNamespace = options.perNamespace ?? (total === undefined ? DEFAULT_PER_NAMESPACE : Infinity);
    const items = total === undefined ? await searchSafely(store, ns, perNamespace + 1, name) : await readWhole(store, ns, total, name, call);
    throwIfAborted(call.signal);
    last = snapshotOf(items, perNamespace, label, maxNesting, options.nameFromFolder === true);
    if (total === undefined || items.length >= total) return last.listing;
    // Fewer than counted (a store that ignores offset, or skills removed meanwhile): said, never silent.
    const short = sourceDiagnostic(
      'namespace-limit',
      `Namespace \`${label}\` counts ${total} items but ${items.length} were read; the rest were not loaded.`,
      label,
    );
    return { ...last.listing, diagnostics: [...last.listing.diagnostics, short] };
  };
  return {
    name,
    list,
    async read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      throwIfAborted(call.signal);
      assertReadPath(path);
      if (!last) await list(call);
      const owned = last ? ownerOf(path, last.byDir) : undefined;
      if (!owned) throw notFound(path, name);
      const [dir, held] = owned;
      const rel = dir === '' ? path : path.slice(dir.length + 1);
      const content = rel === held.fileName ? held.doc.text : held.doc.files.get(rel);
      if (content === undefined) throw notFound(path, name);
      return toBytes(content).slice();
    },
  };
}

/** The store's own count of `ns`, or undefined when it has none (or does not know). */
async function countSafely(store: SkillStoreLike, ns: string[], name: string): Promise<number | undefined> {
  if (typeof store.count !== 'function') return undefined;
  let total: unknown;
  try {
    total = await store.count([...ns]);
  } catch (cause) {
    // A forwarding store (the worker client's) has `count` even when the store behind it has none: read it as foreign.
    if (cause instanceof SkillError && cause.code === 'NOT_FOUND') return undefined;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SkillError('SOURCE_FAILED', `Source ${name}: count failed: ${reason}`, { cause });
  }
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : undefined;
}

/** Every item of a store that knows its size, a page at a time; a short page ends it (the namespace shrank meanwhile). */
async function readWhole(store: SkillStoreLike, ns: string[], total: number, name: string, call: SourceCallOptions): Promise<readonly SkillStoreItem[]> {
  const items: SkillStoreItem[] = [];
  // Pages of STORE_PAGE_SIZE, the last asking for one more than counted: a skill saved between count and search is read
  // too, and a page short of its limit ends the read without another, empty, query (500 skills are one query, not two).
  while (items.length <= total) {
    throwIfAborted(call.signal);
    const left = total - items.length;
    const limit = left <= STORE_PAGE_SIZE ? left + 1 : STORE_PAGE_SIZE;
    const page = await searchSafely(store, ns, limit, name, items.length, items.at(-1)?.key);
    // A store that ignores `offset` answers the first page again: stop rather than read it twice.
    if (items.length > 0 && page.length > 0 && page[0]?.key !== undefined && page[0].key === items[0]?.key) break;
    for (const item of page) items.push(item);
    if (page.length < limit) break;
  }
  return items;
}

async function searchSafely(store: SkillStoreLike, ns: string[], limit: number, name: string, offset = 0, after?: unknown): Promise<readonly SkillStoreItem[]> {
  let items: unknown;
  try {
    // An unbounded namespace asks for no limit: `Infinity` would reach a database as is.
    const page = {
      ...(Number.isFinite(limit) ? { limit } : {}),
      ...(offset > 0 ? { offset } : {}),
      ...(offset > 0 && typeof after === 'string' ? { after } : {}),
    };
    items = await store.search([...ns], page);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SkillError('SOURCE_FAILED', `Source ${name}: search failed: ${reason}`, { cause });
  }
  if (!Array.isArray(items)) throw new SkillError('SOURCE_FAILED', `Source ${name}: search did not return a list of items.`);
  return items as readonly SkillStoreItem[];
}

function snapshotOf(items: readonly SkillStoreItem[], perNamespace: number, label: string, maxNesting: number, nameFromFolder: boolean): Snapshot {
  const diagnostics: Diagnostic[] = [];
  const kept = items.slice(0, perNamespace);
  const left = items.length - kept.length;
  if (left > 0) diagnostics.push(namespaceLimit(label, perNamespace, left, items.length === perNamespace + 1));
  const entries: SkillEntry[] = [];
  const byDir = new Map<string, Held>();
  kept.forEach((item, index) => {
    try {
      const problem = addItem(item, index, { label, maxNesting, nameFromFolder, entries, byDir });
      if (problem) diagnostics.push(problem);
    } catch (e) {
      // An item whose getters throw (a proxy, a hostile object): a diagnostic, never a failed listing.
      const reason = e instanceof Error ? e.message : String(e);
      diagnostics.push(sourceDiagnostic('source-error', `Item ${index} of \`${label}\` could not be read: ${reason}.`, `${label}/${index}`));
    }
  });
  return { listing: { entries: sortListing(entries), diagnostics }, byDir };
}

interface Into {
  readonly label: string;
  readonly maxNesting: number;
  readonly nameFromFolder: boolean;
  readonly entries: SkillEntry[];
  readonly byDir: Map<string, Held>;
}

/** Adds one item as an entry; the diagnostic when it is not a skill or its key is refused. */
function addItem(item: unknown, index: number, into: Into): Diagnostic | undefined {
  const { label, maxNesting, nameFromFolder, entries, byDir } = into;
  // Each field of the item is read once: a store's item is a plain object, and what it said is what is listed.
  const key = keyOf(item);
  let value: unknown;
  let doc: ReturnType<typeof readSkillDocument>;
  try {
    value = isItem(item) ? item.value : undefined;
    doc = readSkillDocument(value);
  } catch (e) {
    // A value whose getters throw, or front matter YAML cannot write: a diagnostic, never a throw.
    doc = { problem: e instanceof Error ? e.message : String(e) };
  }
  const where = (): string => `${label}/${key ?? index}`;
  if ('problem' in doc) return sourceDiagnostic('source-error', `Item \`${where()}\` is not a skill: ${doc.problem}.`, where());
  const dir = key ?? doc.name ?? `${index}`;
  const reason = unsafePathReason(dir, Number.POSITIVE_INFINITY);
  if (reason) return sourceDiagnostic('unsafe-path', `Item key \`${dir}\` is refused as a folder: ${reason}.`, where());
  if (byDir.has(dir)) return sourceDiagnostic('source-error', `Item \`${where()}\` repeats the key of an earlier item; it is left out.`, where());
  byDir.set(dir, { fileName: doc.fileName, doc });
  const entry = entryOf(dir, doc, `${label}/${joinSourcePath(dir, doc.fileName)}`, maxNesting);
  // Only a real key names a folder: a name or index stood in for it otherwise.
  if (nameFromFolder && key !== undefined) [entry.folder, entry.nameFromFolder] = [key, true];
  else withReadySkill(entry, value);
  const by = (item as SkillStoreItem).writtenBy;
  if (by === 'agent' || by === 'person') entry.writtenBy = by;
  entries.push(entry);
  return undefined;
}

/** A {@link SkillEntry} while `addItem` builds it, each field set once and in one order: no copy of it is made. */
type EntryDraft = { -readonly [K in keyof SkillEntry]: SkillEntry[K] };

/**
 * Gives the entry the skill its store parsed when it was written, when the store marked the value as parsed from this
 * text and these files and the listing left nothing out: its path is the entry's, as a parse of the entry would give.
 */
function withReadySkill(entry: EntryDraft, value: unknown): void {
  const ready = entry.diagnostics === undefined && entry.fileName === SKILL_FILE ? readyParseOf(value) : undefined;
  if (!ready) return;
  const path = entry.path;
  // A store's skill comes at the path it is listed at (Satchel's stores see to it): then it is used as it is.
  const skill = ready.skill.path === path ? ready.skill : { ...ready.skill, path, diagnostics: ready.skill.diagnostics.map((d) => ({ ...d, path })) };
  entry.skill = markPreparsed(skill, ready.limits);
  entry.skillDiagnostics = skill.diagnostics.length === 0 ? [] : inReportOrder(skill.diagnostics);
}

function namespaceLimit(label: string, perNamespace: number, left: number, atLeast: boolean): Diagnostic {
  // When the store honours `limit`, it returns one item past the bound: we know more exist, not how many.
  const count = atLeast ? `at least ${left} more item was` : `${left} more item${left === 1 ? ' was' : 's were'}`;
  return sourceDiagnostic('namespace-limit', `Namespace \`${label}\` holds more than ${perNamespace} items (perNamespace); ${count} not loaded.`, label);
}

function isItem(item: unknown): item is SkillStoreItem {
  return typeof item === 'object' && item !== null && 'value' in item;
}

function keyOf(item: unknown): string | undefined {
  const key = isItem(item) ? item.key : undefined;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

function entryOf(dir: string, doc: SkillDocument, path: string, maxNesting: number): EntryDraft {
  const diagnostics: Diagnostic[] = [];
  const files: SkillFileInput[] = [];
  for (const [rel, content] of doc.files) {
    const reason = unsafePathReason(rel, maxNesting);
    if (reason) diagnostics.push(sourceDiagnostic('unsafe-path', `Resource \`${rel}\` is refused: ${reason}.`, path));
    else files.push(fileInputOf(rel, content));
  }
  for (const f of doc.listed) {
    const reason = unsafePathReason(f.path, maxNesting);
    if (reason) diagnostics.push(sourceDiagnostic('unsafe-path', `Resource \`${f.path}\` is refused: ${reason}.`, path));
    else files.push({ path: f.path, size: f.size, isText: f.isText, digest: f.digest });
  }
  const entry: EntryDraft = { dir, path, fileName: doc.fileName, text: doc.text, files: files.sort((a, b) => compareCodeUnits(a.path, b.path)) };
  if (diagnostics.length > 0) entry.diagnostics = diagnostics;
  return entry;
}
