/**
 * Where a skill lives in the evolution repository: its namespace as folders,
 * then its name, then its files by their own paths —
 * `acme/ann/skills/invoice-export/SKILL.md`. A namespace part is any text, so
 * each is written as one safe folder name: letters, digits, `_`, `-` and `.`
 * (not first) stay, anything else is `%` and its UTF-8 bytes in hex. So no
 * part can climb out, hide in `.git` or split into two folders.
 * @module
 */
import { SkillError } from '../../format/errors.js';

const KEPT = /[\p{L}\p{N}_.-]/u;

/** One namespace part as a folder name: unchanged when it is plain, otherwise escaped (`%2F` for `/`, `%2E` for a leading `.`). */
export function encodePart(part: string): string {
  let out = '';
  let first = true;
  for (const char of part) {
    out += KEPT.test(char) && !(first && char === '.') ? char : escaped(char);
    first = false;
  }
  return out;
}

/** `%` and the UTF-8 bytes of `char`, in upper-case hex. */
function escaped(char: string): string {
  return [...new TextEncoder().encode(char)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** The inverse of {@link encodePart}. */
export function decodePart(folder: string): string {
  return folder.includes('%') ? decodeURIComponent(folder) : folder;
}

/** The folders of a skill in the repository: its namespace's parts, encoded, then its name. */
export function skillFolder(namespace: readonly string[], name: string): string[] {
  return [...namespace.map(encodePart), encodePart(name)];
}

/** A namespace as its trailer shows it: the parts joined by `/`, each encoded, so it reads back unambiguously. */
export function namespaceLabel(namespace: readonly string[]): string {
  return namespace.map(encodePart).join('/');
}

/**
 * The segments of a skill file's path. The store has checked the path (relative, no `..`, no empty segment); a
 * segment Git itself refuses to check out (`.git` in any case) is refused here, naming the file.
 */
export function fileSegments(path: string, skill: string): string[] {
  const segments = path.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git' || s.includes('\0')) {
      throw new SkillError('UNSAFE_PATH', `Skill "${skill}" has a file "${path}" whose path Git cannot hold; the change is not in the evolution history.`, {
        path,
      });
    }
  }
  return segments;
}
