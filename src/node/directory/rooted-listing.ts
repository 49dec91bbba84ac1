/**
 * A directory source gives its entries' paths from the folder it was
 * given, but its listing diagnostics (a hidden folder skipped, a search cut
 * short) relative to its root. With several folders loaded at once those
 * would be ambiguous; this wrapper gives both the same form.
 * @module
 */
import { posix } from 'node:path';
import type { SkillSource } from '../../sources/source.js';

/**
 * `source` with each listing diagnostic's path prefixed by `root` (the
 * folder the source was made with), so it reads like the entries' paths.
 *
 * @example
 * ```ts
 * const source = withRootedListing(directorySource('/srv/skills'), '/srv/skills')
 * // a `hidden-skipped` diagnostic for `.claude` now has the path `/srv/skills/.claude`
 * ```
 */
export function withRootedListing(source: SkillSource, root: string): SkillSource {
  const prefix = root.replaceAll('\\', '/');
  return {
    name: source.name,
    read: (path, call) => source.read(path, call),
    async list(call) {
      const listing = await source.list(call);
      return { entries: listing.entries, diagnostics: listing.diagnostics.map((d) => ({ ...d, path: posix.join(prefix, d.path) })) };
    },
    // A watching source stays one (`satchel mcp` serves its folders live).
    ...(source.watch ? { watch: source.watch.bind(source) } : {}),
    ...(source.close ? { close: source.close.bind(source) } : {}),
  };
}
