/**
 * Resource URIs of skill files: `skill://<name>/<path>`, each path segment
 * percent-encoded. A path with a `.` or `..` segment (a plugin's shared
 * file) is encoded whole, its slashes too, as URL parsers drop dot
 * segments, even escaped ones, which would change the file meant.
 * @module
 */

/** The scheme of skill file URIs. */
export const SKILL_URI_SCHEME = 'skill:';

/**
 * The URI of file `path` of skill `name`.
 *
 * @example
 * ```ts
 * skillResourceUri('refunds', 'references/policy.md') // 'skill://refunds/references/policy.md'
 * ```
 */
export function skillResourceUri(name: string, path: string): string {
  const segments = path.split('/');
  const encoded = segments.some((s) => s === '.' || s === '..') ? encodeURIComponent(path) : segments.map(encodeURIComponent).join('/');
  return `${SKILL_URI_SCHEME}//${encodeURIComponent(name)}/${encoded}`;
}

/** The skill name and file path a `skill://` URI names, or `undefined` for any other URI. */
export function parseSkillResourceUri(uri: string): { name: string; path: string } | undefined {
  const prefix = `${SKILL_URI_SCHEME}//`;
  if (!uri.startsWith(prefix)) return undefined;
  const [name, ...segments] = uri.slice(prefix.length).split('/');
  if (name === undefined || name === '' || segments.length === 0) return undefined;
  try {
    return { name: decodeURIComponent(name), path: segments.map(decodeURIComponent).join('/') };
  } catch {
    return undefined; // a malformed escape names no file
  }
}
