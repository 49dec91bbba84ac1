/**
 * What the directory source and the plugin source share as sources over a folder on disk: their bounds and
 * defaults, how a listing of the root runs and fails, and watching the folder.
 * @module
 */
import { lstat, realpath } from 'node:fs/promises';
import { SkillError, throwIfAborted } from '../../format/errors.js';
import { assertLimits, LOADER_LIMITS, type SourceLimits } from '../../format/types.js';
import { markNameFromFolder, type SkillSource, type SourceCallOptions, type SourceListing } from '../../sources/source.js';
import { folderWatch, WATCH_DEBOUNCE_MS } from './watch-folder.js';

/** The options of a folder source that {@link folderBounds} and {@link withFolderWatch} read. */
export interface FolderSourceOptions extends SourceLimits {
  /** Called with a file's absolute path right before it is opened (see `DirectorySourceOptions.beforeOpen`). */
  beforeOpen?: (abs: string) => void | Promise<void>;
  /** Watch the folder between loads (default false). */
  watch?: boolean;
  /** Quiet spell in milliseconds before a burst of file events is reported (default {@link WATCH_DEBOUNCE_MS}). */
  watchDebounceMs?: number;
}

/** The bounds of a folder source with every limit set: the walk's options, but for the root and the signal. */
export interface FolderBounds extends Required<SourceLimits> {
  readonly beforeOpen: ((abs: string) => void | Promise<void>) | undefined;
}

/**
 * The source's bounds: its limits, refused with `INVALID_INPUT` when invalid (the `more` names too, checked
 * before `watchDebounceMs`), and a loader's defaults for the unset ones (depth 6, 2,000 folders, nesting 8,
 * 256 KiB per file, 128 files per skill).
 */
export function folderBounds(options: FolderSourceOptions, where: string, more: readonly string[] = []): FolderBounds {
  assertLimits(options, ['maxDepth', 'maxFolders', 'maxNesting', 'maxFileBytes', 'maxFilesPerSkill', ...more, 'watchDebounceMs'], where);
  return {
    maxDepth: options.maxDepth ?? LOADER_LIMITS.maxDepth,
    maxFolders: options.maxFolders ?? LOADER_LIMITS.maxFolders,
    maxNesting: options.maxNesting ?? LOADER_LIMITS.maxNesting,
    maxFileBytes: options.maxFileBytes ?? LOADER_LIMITS.maxFileBytes,
    maxFilesPerSkill: options.maxFilesPerSkill ?? LOADER_LIMITS.maxFilesPerSkill,
    beforeOpen: options.beforeOpen,
  };
}

/**
 * A folder source's `list()`: aborted first when asked, nothing for a missing root, else `walk` over the root's
 * real path with `nameFromFolder` applied. A failure that is no `SkillError` (an I/O error) becomes `SOURCE_FAILED`
 * naming the source.
 */
export async function listFolder(
  absolute: string,
  name: string,
  call: SourceCallOptions,
  nameFromFolder: boolean | undefined,
  walk: (root: string) => Promise<SourceListing>,
): Promise<SourceListing> {
  throwIfAborted(call.signal);
  const root = await realRoot(absolute, name);
  if (root === undefined) return { entries: [], diagnostics: [] };
  try {
    return markNameFromFolder(await walk(root), nameFromFolder);
  } catch (e) {
    if (e instanceof SkillError) throw e;
    throw new SkillError('SOURCE_FAILED', `Source ${name}: ${(e as Error).message}`, { cause: e });
  }
}

/** The root's real path, or `undefined` when it does not exist (a missing directory lists nothing). */
export async function realRoot(absolute: string, name: string): Promise<string | undefined> {
  try {
    const real = await realpath(absolute);
    if (!(await lstat(real)).isDirectory()) throw new SkillError('SOURCE_FAILED', `Source ${name}: \`${absolute}\` is not a directory.`, { path: absolute });
    return real;
  } catch (e) {
    if (e instanceof SkillError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SkillError('SOURCE_FAILED', `Source ${name}: \`${absolute}\` could not be opened: ${(e as Error).message}`, { cause: e, path: absolute });
  }
}

/** `source` with `watch(listener)` and `close()` over the folder at `absolute` when `options.watch` is true, else `source`. */
export function withFolderWatch(source: SkillSource, absolute: string, options: FolderSourceOptions): SkillSource {
  if (options.watch !== true) return source;
  const watcher = folderWatch(absolute, options.watchDebounceMs ?? WATCH_DEBOUNCE_MS);
  return { ...source, watch: watcher.watch, close: watcher.close };
}
