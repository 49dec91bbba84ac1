/**
 * `directorySource`: the skill folders under a directory on disk (Node).
 * @module
 */
import { lstat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { SkillError, throwIfAborted } from '../../format/errors.js';
import type { NameFromFolderOption, SkillSource, SourceCallOptions, SourceListing } from '../../sources/source.js';
import { assertReadPath, notFound } from '../../sources/inventory.js';
import type { SourceLimits } from '../../format/types.js';
import { walkDirectory } from './walk.js';
import { NEVER_LISTED } from './folder-entries.js';
import { closeFile, openFile, readAll, type OpenFile } from './opened-file.js';
import { folderBounds, listFolder, realRoot, withFolderWatch } from './folder-source.js';

/**
 * Options of {@link directorySource}. The limits are {@link SourceLimits}, named as everywhere (defaults: depth 6,
 * 2,000 folders, nesting 8, 256 KiB per file, 128 files per skill); every bound refuses and reports, none truncates.
 */
export interface DirectorySourceOptions extends NameFromFolderOption, SourceLimits {
  /** Search hidden folders (`.github`, `.curated`, …) too (default false). `.git` is never searched. */
  includeHidden?: boolean;
  /** Name shown in diagnostics (default `directory:<dir>`). */
  name?: string;
  /**
   * Watch the folder (`node:fs` watch): the source gets `watch(listener)`
   * and `close()`, and a loader reading it picks up added, changed and
   * removed skills, resources included, between loads (default false).
   */
  watch?: boolean;
  /** Quiet spell in milliseconds before a burst of file events is reported (default 150). */
  watchDebounceMs?: number;
  /**
   * Called with a file's absolute path after the listing (or `read`'s path
   * check) saw it and right before it is opened. For tests that change the
   * disk at exactly that moment, as a racer could; whatever it does, no file
   * outside the root and nothing but a regular file is read.
   */
  beforeOpen?: (abs: string) => void | Promise<void>;
}

/**
 * A source over the skill folders under `dir`.
 *
 * A folder holding a file named exactly `SKILL.md` is a skill folder (a case
 * variant such as `skill.md` is listed with its real `fileName`, so it loads
 * with a warning). Its other files, except those of nested skill folders
 * (which are skills of their own), are listed with size, text flag and a
 * `sha256:` digest computed with `node:crypto`; their contents are not kept,
 * except `sections/*.md` that structured skills are composed from. SKILL.md
 * is read as bytes so the parser checks its encoding.
 *
 * Hidden entries, `node_modules`, `.git`, `__pycache__` and `.DS_Store` are
 * skipped (a skipped hidden folder is a `hidden-skipped` info). Symbolic
 * links are never followed: each is an `unsafe-path` diagnostic, and a skill
 * holding one is refused. Each bound that cuts discovery short is one
 * `discovery-limit` warning; a skill over a per-skill bound carries a
 * `limit-exceeded` (or, for SKILL.md itself, `file-too-large`) error, so the
 * loader reports and skips it. A missing directory lists nothing.
 *
 * Paths: `entry.path` and entry diagnostics start with `dir` as given;
 * listing diagnostics are relative to the root.
 *
 * @example
 * ```ts
 * import { directorySource } from 'satchel/node'
 * const source = directorySource('./skills', { includeHidden: true })
 * const { entries, diagnostics } = await source.list()
 * const guide = await source.read('pdf/references/guide.md')
 * ```
 */
export function directorySource(dir: string, options: DirectorySourceOptions = {}): SkillSource {
  const name = options.name ?? `directory:${dir}`;
  const bounds = { ...folderBounds(options, 'directorySource'), includeHidden: options.includeHidden ?? false };
  const absolute = resolve(dir);
  const display = dir.replaceAll('\\', '/');
  const source: SkillSource = {
    name,
    list(call: SourceCallOptions = {}): Promise<SourceListing> {
      return listFolder(absolute, name, call, options.nameFromFolder, (root) =>
        walkDirectory({ ...bounds, root, display, rootFolder: basename(absolute), signal: call.signal }),
      );
    },
    async read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      throwIfAborted(call.signal);
      assertReadPath(path);
      const parts = path.split('/');
      // Only what the listing could show is readable: no `.git/config`, no `node_modules`.
      if (parts.some((p) => NEVER_LISTED.has(p) || (p.startsWith('.') && !bounds.includeHidden))) throw notFound(path, name);
      const root = await realRoot(absolute, name);
      if (root === undefined) throw notFound(path, name);
      const abs = await checkedPath(root, parts, path, name);
      await bounds.beforeOpen?.(abs);
      const { fd, size } = await openChecked(abs, path, name);
      try {
        if (size > bounds.maxFileBytes)
          throw new SkillError('LIMIT_EXCEEDED', `\`${path}\` is ${size} bytes, more than maxFileBytes (${bounds.maxFileBytes}).`, { path });
        const bytes = await readAll(fd, size);
        throwIfAborted(call.signal);
        return bytes;
      } finally {
        closeFile(fd);
      }
    },
  };
  return withFolderWatch(source, absolute, options);
}

/**
 * The absolute path of `parts` under `root`, refusing a symbolic link at any
 * step, so that nothing outside the root is even opened while the disk
 * holds still. A change after this check is caught by {@link openChecked}.
 */
async function checkedPath(root: string, parts: readonly string[], path: string, name: string): Promise<string> {
  let abs = root;
  for (const [i, part] of parts.entries()) {
    abs = join(abs, part);
    const info = await lstat(abs).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR') throw notFound(path, name);
      throw new SkillError('SOURCE_FAILED', `Source ${name}: \`${path}\` could not be read: ${e.message}`, { cause: e, path });
    });
    if (info.isSymbolicLink()) throw new SkillError('UNSAFE_PATH', `\`${path}\` goes through a symbolic link; links are never followed.`, { path });
    if (i === parts.length - 1 && !info.isFile()) throw notFound(path, name);
  }
  return abs;
}

/** Opens the regular file at `abs` inside the root (see opened-file.ts), or throws why not. */
async function openChecked(abs: string, path: string, name: string): Promise<OpenFile> {
  const opened = await openFile(abs).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT' || e.code === 'ENOTDIR') throw notFound(path, name);
    throw new SkillError('SOURCE_FAILED', `Source ${name}: \`${path}\` could not be read: ${e.message}`, { cause: e, path });
  });
  if ('fd' in opened) return opened;
  if (opened.refused === 'link') throw new SkillError('UNSAFE_PATH', `\`${path}\` is a symbolic link; links are never followed.`, { path });
  if (opened.refused === 'not-regular')
    throw new SkillError('UNSAFE_PATH', `\`${path}\` is ${opened.what ?? 'not a regular file'}, not a regular file; it is never read.`, { path });
  throw new SkillError('UNSAFE_PATH', `\`${path}\` did not open inside the source root (a folder on its path changed after it was checked); it was not read.`, {
    path,
  });
}
