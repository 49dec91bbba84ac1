/**
 * A skill entry as the host holds it: checked, located, its files by path, the key of its resource set (what an
 * approval binds to), and the lazy entry it is listed by (front matter only; the body and files come on use).
 * @module
 */
import { writeSkillMd } from '../../format/serialize.js';
import { canonicalJson, sha256Digest } from '../../shared/hash.js';
import { joinSourcePath, type SkillEntry } from '../../sources/source.js';
import { relativePath, type McpSkillEntry, type McpSkillResource, type SkillLocation } from './wire.js';

/** The front matter key a host ignores for an MCP skill unless the user approved it. */
export const ALLOWED_TOOLS = 'allowed-tools';

/** One held skill entry. */
export interface HeldSkill {
  readonly entry: McpSkillEntry;
  readonly location: SkillLocation;
  /** Every listed file by its path relative to the skill root, SKILL.md and nested skills' files included. */
  readonly byPath: ReadonlyMap<string, McpSkillResource>;
  /** The skill's own files besides SKILL.md, sorted: a nested skill's folder is that skill's, not this one's. */
  readonly own: readonly string[];
  /** `sha256:` over every listed `uri`, `digest` and `size`: any rotated, added or removed file changes it. */
  readonly setKey: string;
}

/** `entry` as held, at `location`. */
export function holdEntry(entry: McpSkillEntry, location: SkillLocation): HeldSkill {
  const byPath = new Map<string, McpSkillResource>();
  if (entry.resources !== 'dynamic')
    for (const resource of entry.resources) {
      const path = relativePath(resource.uri, location);
      if (path !== undefined) byPath.set(path, resource);
    }
  const nested = [...byPath.keys()].filter((p) => p !== location.fileName && isSkillFile(p)).map((p) => p.slice(0, p.lastIndexOf('/') + 1));
  const own = [...byPath.keys()]
    .filter((p) => p !== location.fileName && !nested.some((folder) => p.startsWith(folder)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { entry, location, byPath, own, setKey: setKeyOf(entry) };
}

/** The key of an entry's resource set; a dynamic skill's is its URI alone (it has no set to bind to). */
export function setKeyOf(entry: McpSkillEntry): string {
  if (entry.resources === 'dynamic') return sha256Digest(canonicalJson(['dynamic', entry.uri]));
  const set = entry.resources.map((r) => [r.uri, r.digest, r.size]).sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
  return sha256Digest(canonicalJson([entry.uri, set]));
}

/** True when `path`'s last segment is a skill file (`SKILL.md`, any case). */
function isSkillFile(path: string): boolean {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase() === 'skill.md';
}

/** The front matter a host gives the loader: as written, without `allowed-tools` unless `approved`. */
export function shownFrontmatter(held: HeldSkill, approved: boolean): Readonly<Record<string, unknown>> {
  if (approved || !Object.hasOwn(held.entry.frontmatter, ALLOWED_TOOLS)) return held.entry.frontmatter;
  const { [ALLOWED_TOOLS]: _ignored, ...rest } = held.entry.frontmatter;
  return rest;
}

/**
 * The lazy entry `held` is listed by: its front matter as SKILL.md text without a body, no inventory yet, and the
 * digest of the whole skill when this source read it before with the same resource set (`digest`).
 */
export function lazyEntryOf(held: HeldSkill, approved: boolean, digest: string | undefined): SkillEntry {
  const { dir, name, fileName } = held.location;
  const text = writeSkillMd(shownFrontmatter(held, approved), '');
  return { dir, path: joinSourcePath(dir, fileName), folder: name, fileName, text, files: [], lazy: digest === undefined ? {} : { digest } };
}

/** The key under which the digest of `held` read in full is kept: its resource set, and whether `allowed-tools` count. */
export function readKey(held: HeldSkill, approved: boolean): string {
  return `${held.setKey} ${approved ? 'approved' : 'withheld'}`;
}
