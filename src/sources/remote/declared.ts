/**
 * What an archive entry declares, checked before anything is inflated:
 * `..`, absolute paths and links are refused (`UNSAFE_PATH`), too many files
 * or bytes are refused (`LIMIT_EXCEEDED`). Inflation itself is bounded as
 * well, so a lying header cannot get past the limits either.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { unsafePathReason } from '../../shared/paths.js';

/** Bounds on what one archive may unpack to. */
export interface UnpackLimits {
  /** Most files (folders do not count). */
  readonly maxFiles: number;
  /** Most bytes of one file. */
  readonly maxFileBytes: number;
  /** Most bytes of all files together. */
  readonly maxTotalBytes: number;
  /** Deepest nesting of a file path. */
  readonly maxNesting: number;
}

/** An archive entry as its header declares it, before its data is read. */
export interface DeclaredEntry {
  /** The raw name, exactly as stored. */
  readonly name: string;
  /** A regular file, a folder, a hard or symbolic link, or anything else (a device, a FIFO). */
  readonly kind: 'file' | 'folder' | 'link' | 'other';
  /** Declared uncompressed size in bytes. */
  readonly size: number;
}

/** The files of an archive, keyed by their path inside it. */
export type UnpackedFiles = Map<string, Uint8Array>;

/**
 * Checks every declared entry against the limits and path rules, before any
 * data is read. Returns the safe path of each entry (`undefined` for folders,
 * which are skipped), in entry order.
 */
export function checkDeclared(entries: readonly DeclaredEntry[], limits: UnpackLimits, what: string): (string | undefined)[] {
  let files = 0;
  let total = 0;
  const seen = new Set<string>();
  return entries.map((declared) => {
    // Old tars mark a folder only by a trailing slash on an empty regular entry.
    const entry = declared.kind === 'file' && declared.size === 0 && declared.name.endsWith('/') ? { ...declared, kind: 'folder' as const } : declared;
    const path = normalized(entry.name);
    if (entry.kind === 'folder' && (path === '' || path === '/')) return undefined;
    const reason = unsafePathReason(path.endsWith('/') ? path.slice(0, -1) : path, entry.kind === 'folder' ? Number.POSITIVE_INFINITY : limits.maxNesting);
    if (reason) throw new SkillError('UNSAFE_PATH', `${what} holds \`${entry.name}\`, which is refused: ${reason}.`, { path: entry.name });
    if (entry.kind === 'link') throw new SkillError('UNSAFE_PATH', `${what} holds a link, \`${entry.name}\`; links are refused.`, { path: entry.name });
    if (entry.kind === 'other')
      throw new SkillError('INVALID_ARCHIVE', `${what} holds \`${entry.name}\`, which is neither a file nor a folder.`, { path: entry.name });
    if (entry.kind === 'folder') return undefined;
    if (seen.has(path)) throw new SkillError('INVALID_ARCHIVE', `${what} holds \`${path}\` twice.`, { path });
    seen.add(path);
    if (++files > limits.maxFiles) throw new SkillError('LIMIT_EXCEEDED', `${what} holds more than ${limits.maxFiles} files.`);
    if (!Number.isSafeInteger(entry.size) || entry.size < 0)
      throw new SkillError('INVALID_ARCHIVE', `${what} declares no valid size for \`${path}\`.`, { path });
    if (entry.size > limits.maxFileBytes)
      throw new SkillError('LIMIT_EXCEEDED', `${what} declares \`${path}\` at ${entry.size} bytes, over maxFileBytes (${limits.maxFileBytes}).`, { path });
    total += entry.size;
    if (total > limits.maxTotalBytes) throw new SkillError('LIMIT_EXCEEDED', `${what} declares more than ${limits.maxTotalBytes} bytes in all.`);
    return path;
  });
}

/** The name without one leading `./`, which tar writes for a folder packed as `.`. */
function normalized(name: string): string {
  if (name === '.' || name === './') return '';
  return name.startsWith('./') ? name.slice(2) : name;
}
