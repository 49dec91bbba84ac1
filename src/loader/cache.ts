/**
 * The loader's cache: skills by name and by intent, in precedence order.
 * Immutable: a load or a single-skill change builds a new one, so a lookup
 * never sees half a change.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics.js';
import { SkillError } from '../format/errors.js';
import type { Skill, SkillSourceKind } from '../format/types.js';

/** What a committed load holds. */
export interface Cache {
  readonly byName: ReadonlyMap<string, Skill>;
  readonly byIntent: ReadonlyMap<string, readonly Skill[]>;
  readonly all: readonly Skill[];
  readonly diagnostics: readonly Diagnostic[];
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

const TIER_RANK: Record<SkillSourceKind, number> = { builtin: 0, org: 1, user: 2 };

/**
 * The cache with `skill` in it: in place of the skill of the same name, or
 * last. Refuses (`CONFLICT`) to let a later tier replace an earlier one's
 * skill, which a load would shadow.
 */
export function withSkill(cache: Cache, skill: Skill): Cache {
  const current = cache.byName.get(skill.name);
  if (current && TIER_RANK[skill.source] > TIER_RANK[current.source]) {
    throw new SkillError('CONFLICT', `Skill "${skill.name}" is held by the ${current.source} tier; a ${skill.source} skill cannot replace it.`);
  }
  const all = current ? cache.all.map((s) => (s === current ? skill : s)) : [...cache.all, skill];
  return buildCache(all, cache.diagnostics);
}

/** The cache without the skill of that name. */
export function withoutSkill(cache: Cache, name: string): Cache {
  return buildCache(
    cache.all.filter((s) => s.name !== name),
    cache.diagnostics,
  );
}
