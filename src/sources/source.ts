/**
 * The source contract: a small object that lists skill folders and reads
 * their files. Sources are plain factories (`memorySource()`,
 * `storeSource()`, `directorySource()`), in the manner of unstorage drivers.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics.js';
import type { Skill } from '../format/types.js';

/** A resource file handed to the parser: inventory data, optionally with its contents. */
export interface SkillFileInput {
  /** Path relative to the skill folder, `/`-separated. */
  readonly path: string;
  /** Size in bytes (computed from `content` when absent). */
  readonly size?: number;
  /** Text or binary (sniffed from `content` when absent). */
  readonly text?: boolean;
  /** `sha256:` + hex (computed from `content` when absent). */
  readonly digest?: string;
  /** The contents; needed for `sections/` files of structured skills. */
  readonly content?: string | Uint8Array;
}

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
}

/** What `list()` returns: the skill folders and any problems of the source as a whole. */
export interface SourceListing {
  readonly entries: readonly SkillEntry[];
  readonly diagnostics: readonly Diagnostic[];
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
  /** Lists the skill folders; never throws for one bad folder (that is a diagnostic). */
  list(options?: SourceCallOptions): Promise<SourceListing>;
  /**
   * Reads one file by its path relative to the source root (`entry.dir` +
   * `/` + file path). Rejects with `NOT_FOUND` or `UNSAFE_PATH`.
   */
  read(path: string, options?: SourceCallOptions): Promise<Uint8Array>;
}

/** True when `value` has the shape of a {@link SkillSource}. */
export function isSkillSource(value: unknown): value is SkillSource {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['name'] === 'string' && typeof v['list'] === 'function' && typeof v['read'] === 'function';
}

/** Joins a skill folder and a file path into a source path. */
export function joinSourcePath(dir: string, file: string): string {
  return dir === '' ? file : `${dir}/${file}`;
}

