/**
 * `memorySource`: skills held in memory, as a record of files
 * (`'pdf/SKILL.md'`, `'pdf/references/a.md'`, …) or as ready `Skill`
 * objects. Isomorphic: no environment APIs.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { unsafePathReason } from '../shared/paths.js';
import { SkillError } from '../format/errors.js';
import { readSkillDocument } from './skill-document.js';
import { metadataEntry, readSkillOf } from './lazy-listing.js';
import {
  joinSourcePath,
  markNameFromFolder,
  type NameFromFolderOption,
  type SkillEntry,
  type SkillFileInput,
  type SkillSource,
  type SourceListing,
} from './source.js';
import { assertLimits, isSkill, SKILL_SET_LIMITS, type Skill } from '../format/types.js';
import {
  compareCodeUnits,
  fileInputOf,
  inMemorySource,
  isBytes,
  isSkillFileName,
  notFound,
  ownerOf,
  pickSkillFile,
  SKILL_FILE,
  sortListing,
  sourceDiagnostic,
  toBytes,
} from './inventory.js';

/** Files keyed by their path from the source root, e.g. `pdf/SKILL.md`, `group/pdf/references/a.md`. */
export type MemoryFiles = Readonly<Record<string, string | Uint8Array>>;

/** Options of {@link memorySource}. */
export interface MemorySourceOptions extends NameFromFolderOption {
  /** Deepest nesting of a resource path inside its skill folder (default 8). */
  maxNesting?: number;
  /** Name shown in diagnostics (default `memory`). */
  name?: string;
  /**
   * List each skill by its metadata alone (front matter, file inventory) and give the body and files through
   * `readSkill` when the loader first uses it (default false: every entry whole). docs/loader.md, "Eager and lazy sources".
   */
  lazy?: boolean;
}

/** What a listing is built into once: the entries, and the bytes `read()` may serve. */
interface Built {
  readonly listing: SourceListing;
  readonly readable: ReadonlyMap<string, string | Uint8Array | (() => string)>;
}

interface Draft {
  readonly fileName: string;
  readonly files: SkillFileInput[];
  readonly diagnostics: Diagnostic[];
}

/**
 * A source over skills held in memory.
 *
 * Given a record of files, every folder holding a `SKILL.md` (or a case
 * variant such as `skill.md`, listed with its real `fileName` so the parser
 * warns) is one entry; the other files of that folder, nested skill folders
 * excepted, are its inventory. Unsafe keys (absolute, `..`, backslash) and
 * files nested deeper than `maxNesting` become `unsafe-path` diagnostics,
 * never entries or files. Given `Skill` objects, each is an entry carrying
 * `skill`; `read()` then serves only the serialized `SKILL.md`, since a
 * `Skill` holds no file contents.
 *
 * The input is copied when the source is made; later changes to the record
 * are not seen.
 *
 * @example
 * ```ts
 * const source = memorySource({
 *   'pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms.\n---\nSteps…',
 *   'pdf/references/forms.md': '# Forms',
 * })
 * const { entries } = await source.list()          // one entry, dir 'pdf'
 * const bytes = await source.read('pdf/references/forms.md')
 * ```
 */
export function memorySource(input: MemoryFiles | readonly Skill[], options: MemorySourceOptions = {}): SkillSource {
  const name = options.name ?? 'memory';
  assertLimits(options, ['maxNesting'], 'memorySource');
  if (options.lazy !== undefined && typeof options.lazy !== 'boolean') throw new SkillError('INVALID_INPUT', 'memorySource: `lazy` must be true or false.');
  const maxNesting = options.maxNesting ?? SKILL_SET_LIMITS.maxNesting;
  // Snapshot now, build lazily: making a source stays cheap, and later edits to the input are not seen.
  const snapshot = Array.isArray(input) ? [...(input as readonly Skill[])] : new Map(Object.entries(input as MemoryFiles));
  let built: Built | undefined;
  const build = (): Built => (built ??= Array.isArray(snapshot) ? buildFromSkills(snapshot) : buildFromFiles(snapshot, maxNesting));
  const source = inMemorySource(
    name,
    () => markNameFromFolder(build().listing, options.nameFromFolder),
    (path) => {
      const content = build().readable.get(path);
      if (content === undefined) throw notFound(path, name);
      // A copy: the caller may not change what the source holds.
      return typeof content === 'function' ? toBytes(content()) : toBytes(content).slice();
    },
  );
  if (options.lazy !== true) return source;
  return {
    ...source,
    list: async (call) => {
      const listing = await source.list(call);
      return { ...listing, entries: listing.entries.map((entry) => metadataEntry(entry)) };
    },
    readSkill: readSkillOf(name, (call) => source.list(call)),
  };
}

function buildFromFiles(files: ReadonlyMap<string, unknown>, maxNesting: number): Built {
  const diagnostics: Diagnostic[] = [];
  const safe = new Map<string, string | Uint8Array>();
  for (const [key, value] of files) {
    const reason = unsafePathReason(key, Number.POSITIVE_INFINITY);
    if (reason) diagnostics.push(sourceDiagnostic('unsafe-path', `File \`${key}\` is refused: ${reason}.`, key));
    else if (typeof value !== 'string' && !isBytes(value))
      diagnostics.push(sourceDiagnostic('source-error', `File \`${key}\` is neither text nor bytes; it is left out.`, key));
    else safe.set(key, value);
  }
  const drafts = findSkillFolders(safe.keys());
  const readable = new Map<string, string | Uint8Array>();
  for (const [key, value] of safe) {
    const owned = ownerOf(key, drafts);
    if (!owned) continue; // Files outside every skill folder belong to no skill.
    const [dir, draft] = owned;
    readable.set(key, value);
    const rel = dir === '' ? key : key.slice(dir.length + 1);
    if (rel === draft.fileName) continue;
    const reason = unsafePathReason(rel, maxNesting);
    if (reason) {
      readable.delete(key);
      draft.diagnostics.push(sourceDiagnostic('unsafe-path', `Resource \`${rel}\` is refused: ${reason}.`, key));
    } else draft.files.push(fileInputOf(rel, value));
  }
  const entries = [...drafts].map(([dir, draft]) => entryOf(dir, draft, safe.get(joinSourcePath(dir, draft.fileName)) ?? ''));
  return { listing: { entries: sortListing(entries), diagnostics }, readable };
}

/** Every folder holding a skill file, with the file chosen for it. */
function findSkillFolders(keys: Iterable<string>): Map<string, Draft> {
  const namesByDir = new Map<string, string[]>();
  for (const key of keys) {
    const slash = key.lastIndexOf('/');
    const base = key.slice(slash + 1);
    if (!isSkillFileName(base)) continue;
    const dir = slash < 0 ? '' : key.slice(0, slash);
    namesByDir.set(dir, [...(namesByDir.get(dir) ?? []), base]);
  }
  const drafts = new Map<string, Draft>();
  for (const [dir, names] of namesByDir) {
    const fileName = pickSkillFile(names) ?? SKILL_FILE;
    drafts.set(dir, { fileName, files: [], diagnostics: [] });
  }
  return drafts;
}

function entryOf(dir: string, draft: Draft, text: string | Uint8Array): SkillEntry {
  const folder = dir === '' ? undefined : dir.slice(dir.lastIndexOf('/') + 1);
  return {
    dir,
    path: joinSourcePath(dir, draft.fileName),
    ...(folder === undefined ? {} : { folder }),
    fileName: draft.fileName,
    text,
    files: draft.files.sort((a, b) => compareCodeUnits(a.path, b.path)),
    ...(draft.diagnostics.length > 0 ? { diagnostics: draft.diagnostics } : {}),
  };
}

function buildFromSkills(skills: readonly unknown[]): Built {
  const diagnostics: Diagnostic[] = [];
  const entries: SkillEntry[] = [];
  const readable = new Map<string, () => string>();
  skills.forEach((skill, index) => {
    // A skill's shape is enough to list it: the loader validates the rest from the SKILL.md written for it.
    if (!isSkill(skill)) {
      diagnostics.push(sourceDiagnostic('source-error', `Item ${index} is not a Skill object; it is left out.`, `${index}`));
      return;
    }
    // The name is the folder; a name that is no safe path (it was never validated) falls back to the index.
    const dir = unsafePathReason(skill.name, 0) === undefined ? skill.name : `${index}`;
    const path = joinSourcePath(dir, SKILL_FILE);
    // The SKILL.md the loader validates: written the way a store document is, so a wrongly typed field cannot make read() throw.
    if (!readable.has(path)) readable.set(path, () => skillObjectText(skill, path));
    // A fallback index is no folder name: comparing the name with it would only report a mismatch.
    entries.push({ dir, path: skill.path ?? path, ...(dir === skill.name ? { folder: dir } : {}), fileName: SKILL_FILE, skill, files: skill.files });
  });
  return { listing: { entries: sortListing(entries), diagnostics }, readable };
}

/** The SKILL.md text of a skill object; `NOT_FOUND` (saying why) when it cannot be written. */
function skillObjectText(skill: Skill, path: string): string {
  let doc: ReturnType<typeof readSkillDocument>;
  try {
    doc = readSkillDocument(skill);
  } catch (e) {
    doc = { problem: e instanceof Error ? e.message : String(e) };
  }
  if ('problem' in doc) throw new SkillError('NOT_FOUND', `\`${path}\` cannot be written from its skill object: ${doc.problem}.`, { path });
  return typeof doc.text === 'string' ? doc.text : new TextDecoder().decode(doc.text);
}
