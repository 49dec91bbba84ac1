/**
 * Paths in a sandbox: POSIX and absolute (`/skills/pdf/SKILL.md`), made of
 * plain names only. Every target checks what it is given with
 * {@link sandboxPathParts}, so no path it writes can climb out of its root,
 * whoever calls it.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { unsafePathReason } from '../../shared/paths.js';

/**
 * The names of `path` from the sandbox root: `/skills/pdf/SKILL.md` gives `['skills', 'pdf', 'SKILL.md']`.
 *
 * @throws {SkillError} `UNSAFE_PATH` for anything but `/` and plain names: relative, `..`, `.`, an empty name (`//`,
 * a trailing `/`), a backslash, a NUL, a drive letter, or the root itself.
 * @example
 * ```ts
 * sandboxPathParts('/skills/pdf/references/forms.md')   // ['skills', 'pdf', 'references', 'forms.md']
 * sandboxPathParts('/skills/../etc/passwd')             // throws UNSAFE_PATH
 * ```
 */
export function sandboxPathParts(path: unknown): string[] {
  if (typeof path !== 'string') throw new SkillError('UNSAFE_PATH', `A sandbox path must be text, not ${path === null ? 'null' : typeof path}.`);
  const reason = path.startsWith('/') ? unsafePathReason(path.slice(1), Number.POSITIVE_INFINITY) : 'it is not absolute (it must start with `/`)';
  if (reason !== undefined) throw new SkillError('UNSAFE_PATH', `Sandbox path \`${printable(path)}\` is refused: ${reason}.`, { path });
  return path.slice(1).split('/');
}

/** `parts` as a sandbox path: `['skills', 'pdf']` gives `/skills/pdf`. Each part must be one plain name (`UNSAFE_PATH`). */
export function sandboxPath(parts: readonly string[]): string {
  if (parts.length === 0) throw new SkillError('UNSAFE_PATH', 'A sandbox path needs at least one name: the root itself is not written.');
  for (const part of parts) {
    // A part holding a `/` would pass as two names once joined: each is checked alone.
    const reason = part.includes('/') ? 'it holds a `/`' : unsafePathReason(part, 0);
    if (reason !== undefined) throw new SkillError('UNSAFE_PATH', `Sandbox path name \`${printable(part)}\` is refused: ${reason}.`, { path: part });
  }
  return `/${parts.join('/')}`;
}

/** The path with control characters shown as escapes, for a message. */
function printable(path: string): string {
  return path.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
