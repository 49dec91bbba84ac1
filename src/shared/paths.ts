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
