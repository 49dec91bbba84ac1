/**
 * Pre-parsing a builtin bundle at build time: each entry's SKILL.md is
 * parsed exactly as a loader would parse the bundle (same listing, same
 * code, the loader's default limits), the skill is stored in the entry, and
 * the routing index over the skills is stored beside them.
 * @module
 */
import { readTier } from '../loader/tier.js';
import { createRouter } from '../routing/create-router.js';
import { BUNDLE_PARSE_FORMAT, bundleSource, type SkillBundle, type SkillBundleEntry } from '../sources/bundle.js';
import { LOADER_LIMITS, type Skill } from '../format/types.js';

/**
 * `bundle` with every entry that parses carrying its `skill`, and `parsed`
 * holding the format and the routing index (default routing options). A
 * skill that JSON cannot carry exactly (e.g. a non-finite number in its
 * extensions) is left to be parsed from its text. A bundle with no entries
 * is returned as it is.
 */
export async function preparseBundle(bundle: SkillBundle): Promise<SkillBundle> {
  if (bundle.entries.length === 0) return bundle;
  const source = bundleSource(bundle, { preparsed: false });
  const { candidates } = readTier({ kind: 'builtin', source }, await source.list(), LOADER_LIMITS);
  const byPath = new Map<string, Skill>();
  for (const { skill } of candidates) if (skill.path !== undefined && isJsonExact(skill)) byPath.set(skill.path, skill);
  const entries: SkillBundleEntry[] = bundle.entries.map((entry) => {
    const skill = byPath.get(entry.path);
    if (!skill) return entry;
    // The body is stored once where it stands in the text as written (a trimmed tail of it): a fifth of the bundle less.
    const start = skill.content === '' ? -1 : entry.text.lastIndexOf(skill.content);
    if (start < 0) return { ...entry, skill };
    return { ...entry, skill: { ...skill, content: null }, body: [start, start + skill.content.length] as const };
  });
  // As a load would: the first skill of a name is the one routed, whether or not the bundle can carry it parsed.
  const routed = new Map<string, Skill>();
  for (const { skill } of candidates) if (!routed.has(skill.name)) routed.set(skill.name, skill);
  const router = createRouter();
  router.sync(routed.values());
  return { ...bundle, entries, parsed: { format: BUNDLE_PARSE_FORMAT, index: router.toJSON() } };
}

/** True when `JSON.parse(JSON.stringify(value))` gives the same value back (undefined members aside, which JSON and digests both drop). */
function isJsonExact(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && isJsonExact(v));
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every((v) => v === undefined || isJsonExact(v));
}
