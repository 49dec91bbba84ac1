/**
 * Path safety for resource files: relative, no `..`, bounded nesting.
 * @module
 */

/** Why a resource path was refused, or `undefined` when it is safe. */
export function unsafePathReason(path: string, maxNesting: number): string | undefined {
  if (path === '') return 'the path is empty';
  if (path.includes('\0')) return 'the path contains a NUL character';
  if (path.includes('\\')) return 'the path contains a backslash; use `/`';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'the path is absolute';
  const parts = path.split('/');
  if (parts.some((p) => p === '..')) return 'the path climbs out with `..`';
  if (parts.some((p) => p === '' || p === '.')) return 'the path has an empty or `.` segment';
  if (parts.length - 1 > maxNesting) return `the path is nested ${parts.length - 1} folders deep (maxNesting is ${maxNesting})`;
  return undefined;
}

/** Entry names a source never lists: hidden entries and tool folders. */
export function isIgnoredEntry(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || name === '__pycache__';
}

/**
 * The folders of a plugin that all its skills share (Agent Plugins v1):
 * a plugin skill reaches them from its own folder as `../../<folder>/…`.
 */
export const PLUGIN_SHARED_FOLDERS: readonly string[] = Object.freeze(['references', 'schemas', 'scripts', 'shared', 'assets']);

/** True for `../../<shared folder>/<file>` and `../../plugin.json`: a plugin's shared file, or its metadata, as a skill's SKILL.md refers to it. */
export function isPluginSharedPath(path: string): boolean {
  if (!path.startsWith('../../')) return false;
  const rest = path.slice(6);
  if (rest === 'plugin.json') return true;
  const slash = rest.indexOf('/');
  return slash > 0 && PLUGIN_SHARED_FOLDERS.includes(rest.slice(0, slash)) && unsafePathReason(rest, Number.POSITIVE_INFINITY) === undefined;
}

/**
 * Like {@link unsafePathReason} for a skill's listed files, where one more
 * form is allowed: a plugin's shared file, `../../shared/util.py`. Nothing
 * else may climb (`../sibling/x` is refused). Its nesting is counted after
 * the `../../`.
 */
export function unsafeResourcePathReason(path: string, maxNesting: number): string | undefined {
  return isPluginSharedPath(path) ? unsafePathReason(path.slice(6), maxNesting) : unsafePathReason(path, maxNesting);
}

/**
 * The source path of `file` of the skill folder `dir`: joined, with a
 * plugin shared path's `../../` taken off `dir`. `undefined` when it would
 * climb above the source root.
 */
export function resolveSkillPath(dir: string, file: string): string | undefined {
  if (!isPluginSharedPath(file)) return dir === '' ? file : `${dir}/${file}`;
  const parts = dir === '' ? [] : dir.split('/');
  if (parts.length < 2) return undefined;
  const base = parts.slice(0, -2).join('/');
  return base === '' ? file.slice(6) : `${base}/${file.slice(6)}`;
}
