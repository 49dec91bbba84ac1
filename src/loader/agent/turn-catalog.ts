/**
 * A loader's catalog: whole when it fits its budget, and otherwise the
 * loaded marks, the skills the turn activates and the rest by relevance to
 * the turn (or in the loader's order without one), fitted to the budget by
 * `agent/catalog/budget.ts`. It never throws for size.
 * @module
 */
import { fitCatalog, fitWhole, type CatalogFit, type CatalogPlan } from '../../agent/catalog/budget.js';
import { isModelVisible } from '../../agent/catalog/entries.js';
import type { CatalogOptions, CatalogTurn } from '../../agent/catalog/options.js';
import { SkillError } from '../../format/errors.js';
import type { ResolvedLimits, Skill } from '../../format/types.js';

/** What a per-turn catalog asks of a loader's routing: the turn's activations and the ranking they read, from one search. */
export interface TurnRouting {
  activateRanked(turn: CatalogTurn): {
    /** The skills the turn activates (mentions, intents, confident matches). */
    readonly activated: readonly { readonly skill: Skill }[];
    /** Every routable skill that matches `text`, best first. */
    readonly ranking: (text: string) => readonly { readonly skill: Skill }[];
  };
}

// Per cache (keyed by its skill list, replaced on every change): the model-visible skills, and the whole catalog per
// form and budget (or null: it does not fit) — asked for on every turn, both change only with the cache.
const visibleOf = new WeakMap<readonly Skill[], readonly Skill[]>();
const wholeFits = new WeakMap<readonly Skill[], Map<string, CatalogFit | null>>();

/** The skills a cache and its lookup by name hold (`cache.all`, in precedence order, and `cache.byName`). */
export interface CatalogCache {
  readonly all: readonly Skill[];
  readonly byName: ReadonlyMap<string, Skill>;
}

/** The catalog of `cache`'s skills for `options`, within its budget. */
export function loaderCatalogFit(cache: CatalogCache, limits: ResolvedLimits, options: CatalogOptions, routing: TurnRouting): CatalogFit {
  const max = budgetOf(options.maxBytes ?? limits.maxCatalogBytes);
  const loaded = loadedOf(options.loaded ?? [], cache.byName);
  const visible = visibleSkills(cache.all);
  if (loaded.length === 0) {
    const whole = wholeFit(cache.all, visible, max, options);
    if (whole) return whole;
  }
  const marked = new Set(loaded.map((l) => l.skill.name));
  const others = loaded.length === 0 ? visible : visible.filter((s) => !marked.has(s.name));
  if (options.turn === undefined) return fitCatalog({ loaded, activated: [], ranked: others }, max, options);
  // Loaded marks and every other skill whole: a turn would only reorder them, and a stable prompt caches better.
  const plain = loaded.length > 0 ? fitWhole({ loaded, activated: [], ranked: others }, max, options) : undefined;
  return plain ?? fitCatalog({ loaded, ...turnOrder(options.turn, others, routing) }, max, options);
}

function visibleSkills(all: readonly Skill[]): readonly Skill[] {
  let visible = visibleOf.get(all);
  if (!visible) visibleOf.set(all, (visible = all.filter(isModelVisible)));
  return visible;
}

/** The whole catalog when it fits `max`, made once per cache, form and budget; `undefined` when it does not. */
function wholeFit(all: readonly Skill[], visible: readonly Skill[], max: number, options: CatalogOptions): CatalogFit | undefined {
  const key = `${options.format ?? 'markdown'}:${options.toolNames ?? 'id'}:${max}:${options.origins === true}`;
  let forms = wholeFits.get(all);
  if (!forms) wholeFits.set(all, (forms = new Map()));
  let fit = forms.get(key);
  if (fit === undefined) forms.set(key, (fit = fitWhole({ loaded: [], activated: [], ranked: visible }, max, options) ?? null));
  return fit ?? undefined;
}

/** The turn's activated skills, then the router's ranking, then the rest in the loader's order. */
function turnOrder(turn: CatalogTurn, others: readonly Skill[], routing: TurnRouting): Pick<CatalogPlan, 'activated' | 'ranked'> {
  const allowed = new Set(others.map((s) => s.name));
  const taken = new Set<string>();
  const take = (list: readonly Skill[]): Skill[] => {
    const fresh = list.filter((s) => allowed.has(s.name) && !taken.has(s.name));
    for (const s of fresh) taken.add(s.name);
    return fresh;
  };
  const found = routing.activateRanked(turn);
  const activated = take(found.activated.map((a) => a.skill));
  const text = typeof turn === 'string' ? turn : (turn.text ?? '');
  const intents = typeof turn === 'string' ? [] : (turn.intents ?? []).map((i) => i.toLowerCase());
  // As in `activate`: intents a turn names gate `intent-matched` skills, so its text ranks none that lists none of them.
  const gated = (skill: Skill): boolean =>
    intents.length > 0 && skill.activation === 'intent-matched' && !(skill.intents ?? []).some((i) => intents.includes(i.toLowerCase()));
  const routed =
    text.trim() === ''
      ? []
      : found
          .ranking(text)
          .map((hit) => hit.skill)
          .filter((s) => !gated(s));
  const ranked = take(routed);
  return { activated, ranked: [...ranked, ...take(others)] };
}

/** The loaded marks of `marks` that name a held skill, once each, `changed` when a given digest is not the skill's now. */
function loadedOf(marks: NonNullable<CatalogOptions['loaded']>, byName: ReadonlyMap<string, Skill>): CatalogPlan['loaded'] {
  if (!Array.isArray(marks)) throw new SkillError('INVALID_INPUT', '`loaded` must be a list of skill names or { name, digest } objects.');
  const seen = new Set<string>();
  return marks.flatMap((mark) => {
    const { name, digest } = typeof mark === 'string' ? { name: mark, digest: undefined } : (mark ?? {});
    if (typeof name !== 'string') throw new SkillError('INVALID_INPUT', '`loaded` must be a list of skill names or { name, digest } objects.');
    const skill = byName.get(name);
    if (!skill || seen.has(name)) return [];
    seen.add(name);
    return [{ skill, changed: digest !== undefined && digest !== skill.digest }];
  });
}

/** The budget, checked: a whole number of bytes, 0 or more. */
function budgetOf(max: unknown): number {
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 0) {
    throw new SkillError('INVALID_INPUT', `maxBytes must be a whole number of bytes, 0 or more; got ${String(max)}.`);
  }
  return max;
}
