/**
 * The source contract: a small object that lists skill folders and reads
 * their files. Sources are plain factories (`memorySource()`,
 * `storeSource()`, `directorySource()`), in the manner of unstorage drivers.
 * @module
 */
import type { GatePolicy } from '../safety/gate.js';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import type { Skill, SkillFileInput } from '../format/types.js';
import type { RouterJSON } from '../routing/types.js';

export type { SkillFileInput } from '../format/types.js';

/** One skill folder as a source lists it. */
export interface SkillEntry {
  /** Path of the skill folder relative to the source root, `/`-separated (`''` for a root skill). */
  readonly dir: string;
  /** Path of the skill file as shown in diagnostics, e.g. `skills/pdf/SKILL.md`. */
  readonly path: string;
  /** The folder's own name, compared with the skill's `name`. */
  readonly folder?: string;
  /** The skill file's name as found (`SKILL.md`, or `skill.md` which loads with a warning). */
  readonly fileName?: string;
  /** The SKILL.md contents, when the source holds text. */
  readonly text?: string | Uint8Array;
  /** A ready skill, when the source holds skill objects instead of text. */
  readonly skill?: Skill;
  /** What parsing gave besides a ready `skill` (a pre-parsed bundle's): the load reports them as if it had parsed the text. */
  readonly skillDiagnostics?: readonly Diagnostic[];
  /** Resource files besides SKILL.md. */
  readonly files?: readonly SkillFileInput[];
  /** Problems found while listing this folder (e.g. a refused symbolic link). */
  readonly diagnostics?: readonly Diagnostic[];
  /** Parse with `nameFromFolder`: a SKILL.md without `name` takes `folder` (the source's option of that name). */
  readonly nameFromFolder?: boolean;
  /**
   * Parse with `lazyDigest`: the skill's `digest` is computed on its first read, not during the load (the same value;
   * the directory source sets it, as a load that routes nothing yet need not pay for 2,000 digests).
   */
  readonly lazyDigest?: boolean;
  /** The plugin (bundle) the skill ships in, for a plugin source's skills. */
  readonly bundle?: BundleIdentity;
  /**
   * Present when the source listed the skill by its metadata alone (docs/loader.md, "Eager and lazy sources"): `text`
   * (or `skill`) holds the front matter without the body, `files` the inventory without contents, and
   * `source.readSkill(dir)` gives the whole entry when the skill is used.
   */
  readonly lazy?: LazyEntry;
  /**
   * Who wrote the revision a store listed (`storeSource` over Satchel's store): an `agent` one is shown as agent-written
   * (`loader.provenance`, `catalog({ origins: true })`). Absent for a source that is not a store, or a record older than it.
   */
  readonly writtenBy?: 'person' | 'agent';
}

/** What a lazily listed entry promises about the skill it stands for. */
export interface LazyEntry {
  /**
   * The skill's `digest` once read in full, when the source knows it (a manifest's, a build's): the skill is known by it
   * before its body is fetched, and a full read that gives another digest is refused with `DIGEST_MISMATCH`. Without it
   * the skill's digest is its metadata's until it is read.
   */
  readonly digest?: string;
}

/** The identity of the plugin (bundle) a skill ships in: its name, and its version when `plugin.json` gives one. */
export interface BundleIdentity {
  readonly name: string;
  readonly version?: string;
}

/** What a watching source tells its listener: something under it changed (debounced); list it again to see what. */
export interface SourceChange {
  /** Source-relative paths that changed, when the platform said (`/`-separated); may be empty. */
  readonly paths: readonly string[];
}

/** What `list()` returns: the skill folders and any problems of the source as a whole. */
export interface SourceListing {
  readonly entries: readonly SkillEntry[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * A routing index over the listed skills (`router.toJSON()`), when the source ships one (a pre-parsed bundle
   * does): a loader with no `routing.index` of its own starts its index from it and re-indexes only what differs.
   */
  readonly index?: RouterJSON;
}

/** Options every source call takes. */
export interface SourceCallOptions {
  /** Cancels the call; it then rejects with `SkillError` `ABORTED`. */
  readonly signal?: AbortSignal;
}

/**
 * A place skills come from.
 *
 * @example
 * ```ts
 * const source = memorySource({ 'pdf/SKILL.md': text, 'pdf/references/a.md': 'A' })
 * const { entries } = await source.list()
 * const bytes = await source.read('pdf/references/a.md')
 * ```
 */
export interface SkillSource {
  /** Name shown in diagnostics, e.g. `memory`, `directory:/srv/skills`. */
  readonly name: string;
  /**
   * Most milliseconds a loader waits for one `list()` or `read()` of this
   * source (a non-negative integer or `Infinity`); overrides the loader's
   * `sourceTimeoutMs`. An invalid value makes the source a `source-error`.
   */
  readonly timeoutMs?: number;
  /**
   * Set on a source whose skills another party serves (`mcpSkillSource`: `mcp:<label>`, the host's label for the
   * server): the catalog and `skills.load` tag its skills with it, and a loader never lets one of them take the name
   * of a skill of another origin (`origin-collision`).
   */
  readonly servedBy?: string;
  /**
   * Where the source's skills come from when that is not the app's own folders or store: `remote` (an index URL:
   * `remoteSource`, published plugins) or `mcp` (a server: `mcpSkillSource`). A person deciding whether to trust a skill
   * sees it (`loader.provenance`), and so can a model (`catalog({ origins: true })`).
   */
  readonly provenance?: SourceProvenance;
  /**
   * The source's safety gate (remote and MCP sources set it; default `'warn'` there): a loader scans each of its skills
   * when it is read in full (at the load, or a lazy one when first used) and `refuse`s one the findings call for
   * (`unsafe-skill`, `UNSAFE_SKILL`) or lets it in with a `skill-findings` warning. A source without it is not scanned.
   */
  readonly safety?: SourceSafety;
  /** Lists the skill folders; never throws for one bad folder (that is a diagnostic). */
  list(options?: SourceCallOptions): Promise<SourceListing>;
  /**
   * Reads one file by its path relative to the source root (`entry.dir` +
   * `/` + file path). Rejects with `NOT_FOUND` or `UNSAFE_PATH`.
   */
  read(path: string, options?: SourceCallOptions): Promise<Uint8Array>;
  /**
   * Present on a source made with `watch: true`: calls `listener` (debounced)
   * after files under it are added, changed or removed; returns the
   * unsubscribe function. A loader subscribes after each load.
   */
  watch?(listener: (change: SourceChange) => void): () => void;
  /**
   * Present on a source that lists some entries lazily (`entry.lazy`): the whole entry of the skill folder `dir`, as an
   * eager listing would give it (SKILL.md text with its body, `files` with their digests). Rejects with `NOT_FOUND` for a
   * folder it does not list, `SOURCE_FAILED` when it cannot be read (offline, I/O), `DIGEST_MISMATCH` when what it fetched
   * is not what it published. A loader calls it once per skill, when the skill is first used.
   */
  readSkill?(dir: string, options?: SourceCallOptions): Promise<SkillEntry>;
  /** Stops watching and frees what the source holds open; reads still work. */
  close?(): void;
}

/** Where a remote or MCP source's skills come from: the kind, and what a person reads (an index URL, a server's label). */
export interface SourceProvenance {
  readonly kind: 'remote' | 'mcp';
  readonly label: string;
}

/** A source's safety gate: one action for every finding, or one per severity (a severity not given warns); a source has no one to hold a skill for. */
export type SourceSafety = GatePolicy<'refuse' | 'warn'>;

/** True when `value` has the shape of a {@link SkillSource}. */
export function isSkillSource(value: unknown): value is SkillSource {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['name'] === 'string' && typeof v['list'] === 'function' && typeof v['read'] === 'function';
}

/** Options every source over SKILL.md text takes. */
export interface NameFromFolderOption {
  /**
   * A SKILL.md without `name` loads under its folder's name, with a
   * `name-from-folder` warning (default false: such a skill is skipped, as
   * the specification's client guide says). For MD-first skill folders.
   */
  nameFromFolder?: boolean;
}

/** The listing with every entry marked to parse with `nameFromFolder`; the same listing when `on` is not true. */
export function markNameFromFolder(listing: SourceListing, on: boolean | undefined): SourceListing {
  if (on !== true) return listing;
  return { ...listing, entries: listing.entries.map((entry) => ({ ...entry, nameFromFolder: true })) };
}

/** Joins a skill folder and a file path into a source path. */
export function joinSourcePath(dir: string, file: string): string {
  return dir === '' ? file : `${dir}/${file}`;
}
