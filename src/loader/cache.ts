/**
 * The loader's cache: skills by name and by intent, in precedence order.
 * Immutable: a load or a single-skill change builds a new one, so a lookup
 * never sees half a change.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { SkillError } from '../format/errors.js';
import { confusableKey, nameKey } from '../shared/names.js';
import { parseSkillObject } from '../sources/skill-object.js';
import { originOf, recordOrigin } from '../sources/origin.js';
import type { Skill, SkillSourceKind } from '../format/types.js';
import type { LearnedExample } from '../sources/learned-store.js';
import type { RouterJSON } from '../routing/types.js';

/** What a committed load holds. */
export interface Cache {
  readonly byName: ReadonlyMap<string, Skill>;
  readonly byIntent: ReadonlyMap<string, readonly Skill[]>;
  readonly all: readonly Skill[];
  readonly diagnostics: readonly Diagnostic[];
  /** The first routing index a source shipped with its listing, to start the loader's index from. */
  readonly index?: RouterJSON;
  /** The user's learned examples as the store keeps them (a store that keeps them, a load for a user): where, and what. */
  readonly learned?: { readonly namespace: readonly string[]; readonly examples: readonly LearnedExample[] };
}

/** A cache over `all` (already in precedence order, one skill per name). */
export function buildCache(all: readonly Skill[], diagnostics: readonly Diagnostic[]): Cache {
  const byIntent = new Map<string, Skill[]>();
  for (const skill of all) {
    if (skill.activation === 'manual') continue;
    for (const intent of new Set((skill.intents ?? []).map((i) => i.toLowerCase()))) {
      const list = byIntent.get(intent);
      if (list) list.push(skill);
      else byIntent.set(intent, [skill]);
    }
  }
  return { byName: new Map(all.map((s) => [s.name, s])), byIntent, all, diagnostics };
}

// A Map, not an object: `constructor` or `__proto__` must not pass for a tier.
const TIER_RANK: ReadonlyMap<string, number> = new Map<SkillSourceKind, number>([
  ['builtin', 0],
  ['org', 1],
  ['user', 2],
]);

/** The precedence rank of a tier (0 first); `INVALID_INPUT` for anything but `builtin`, `org`, `user`. */
export function tierRank(source: unknown): number {
  const rank = typeof source === 'string' ? TIER_RANK.get(source) : undefined;
  if (rank === undefined) throw new SkillError('INVALID_INPUT', `A skill's source must be builtin, org or user, not ${JSON.stringify(String(source))}.`);
  return rank;
}

/**
 * The cache with `skill` in it: in place of the skill of the same name
 * (same {@link nameKey}), or last. Refuses (`CONFLICT`) to let a later tier
 * replace an earlier one's skill, which a load would shadow, and a name that
 * looks like another skill's (`confusableKey`), which a load would skip.
 */
export function withSkill(cache: Cache, skill: Skill): Cache {
  const rank = tierRank(skill.source);
  const { key, look } = keysOf(skill);
  const current = cache.all.find((s) => keysOf(s).key === key);
  if (current && rank > tierRank(current.source)) {
    throw new SkillError(
      'CONFLICT',
      `Skill "${skill.name}" is held by the ${current.source} tier ("${current.name}"); a ${skill.source} skill cannot replace it.`,
    );
  }
  const alike = current ? undefined : cache.all.find((s) => keysOf(s).look === look);
  if (alike)
    throw new SkillError(
      'CONFLICT',
      `Skill "${skill.name}" looks like "${alike.name}" (${alike.source} tier) through script look-alike characters; it is refused.`,
    );
  const all = current ? cache.all.map((s) => (s === current ? skill : s)) : [...cache.all, skill];
  return buildCache(all, cache.diagnostics);
}

// Per skill object (skills are immutable): an upsert compares with every cached skill, normalised once.
const keys = new WeakMap<Skill, { readonly key: string; readonly look: string }>();

function keysOf(skill: Skill): { readonly key: string; readonly look: string } {
  let found = keys.get(skill);
  if (!found) keys.set(skill, (found = { key: nameKey(skill.name), look: confusableKey(skill.name) }));
  return found;
}

/**
 * `skill` validated like a SKILL.md (written out and parsed, see
 * `parseSkillObject`): the parsed skill, keeping the origin recorded for
 * `skill` (a store change read by a tier: its source and writer), or
 * `INVALID_SKILL` with the diagnostics; `INVALID_INPUT` when its `source` is no tier.
 */
export function checkedSkill(skill: Skill): Skill {
  const source = (skill as { source?: unknown } | null)?.source;
  tierRank(source);
  const path = typeof skill.path === 'string' ? skill.path : `upsert:${String(skill.name)}`;
  const parsed = parseSkillObject(skill, { path, source: source as SkillSourceKind });
  const origin = originOf(skill);
  if (parsed.skill && origin) recordOrigin(parsed.skill, origin);
  if (parsed.skill) return parsed.skill;
  throw new SkillError('INVALID_SKILL', `The skill does not pass validation: ${parsed.errors[0]?.message ?? 'unknown'}`, { diagnostics: parsed.errors, path });
}

/** The cache with `next` in the place of `held` (the same skill read in full, or marked stale); the same cache when `held` is not in it. */
export function withReplaced(cache: Cache, held: Skill, next: Skill): Cache {
  if (cache.byName.get(held.name) !== held) return cache;
  const replaced = buildCache(
    cache.all.map((s) => (s === held ? next : s)),
    cache.diagnostics,
  );
  // The source's index and the learned examples stay the load's.
  return { ...replaced, ...(cache.index === undefined ? {} : { index: cache.index }), ...(cache.learned === undefined ? {} : { learned: cache.learned }) };
}

/** The cache without the skill of that name. */
export function withoutSkill(cache: Cache, name: string): Cache {
  return buildCache(
    cache.all.filter((s) => s.name !== name),
    cache.diagnostics,
  );
}

/** The error of a lookup that needs a skill the loader does not hold. */
export function notHeld(name: string): never {
  throw new SkillError('NOT_FOUND', `The loader holds no skill named "${name}".`);
}
