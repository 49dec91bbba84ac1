/**
 * Activation: which skills a turn switches on, and why. Explicit mentions
 * (`/name`, `$name`) first, then intents (given, or recognised in the text),
 * then free-text search over every routable skill, decided by the rule of
 * `decision.ts`; each skill at most once, and each result says what decided it.
 * @module
 */
import type { IntentHit, RouteHit, Router } from './router.js';
import type { Skill } from '../format/types.js';
import { findMentions, mentionable, withoutMentions } from './mentions.js';
import { decideSearch, resolveActivationOptions, searchInputOf, type ActivationOptions, type ResolvedActivationOptions } from './decision/search.js';
import { marginsOf } from './decision/rule.js';

export { findMentions, searchTextOf, type Mention } from './mentions.js';
export {
  DEFAULT_ACTIVATION_OPTIONS,
  THRESHOLD_REFERENCE_SKILLS,
  decideSearch,
  scaledThreshold,
  type ActivationOptions,
  type SearchDecision,
} from './decision/search.js';

/** Why a skill activated. */
export type ActivationReason = 'mention' | 'intent' | 'search';

/** One activated skill. */
export interface SkillActivation {
  /** The skill. */
  readonly skill: Skill;
  /** `mention` (`/name` or `$name`), `intent` (given, or recognised in the text), or `search` (the search stage, `intent-matched` skills included). */
  readonly reason: ActivationReason;
  /** 1 for mentions and given intents; otherwise the router's calibrated 0–1 score. */
  readonly score: number;
  /** Query terms that matched, as stems (empty for mentions and given intents). */
  readonly terms: readonly string[];
  /** The turn's words that matched, as it spells them, without stop words (empty for mentions and given intents). */
  readonly words: readonly string[];
  /** For a mention: the rest of its line, trimmed (may be empty). */
  readonly arguments?: string;
  /**
   * What the stage that decided it required: for search, the least score the ranking's first place needed (the decision
   * rule's threshold for this ranking, or the fixed `threshold`; a skill let in beside the first by `relative` may
   * score less); for a recognised intent, `intentThreshold`; 0 for mentions and given intents.
   */
  readonly threshold: number;
  /** The score minus the best other candidate's (1 for mentions and given intents). */
  readonly margin: number;
  /** What in the turn decided it, as typed: the mention (`/pdf`), the given intent, or the matched words. */
  readonly matched: readonly string[];
}

/** A turn: free text, intents from a classifier, or both. */
export interface Turn {
  /** The user's message. */
  readonly text?: string;
  /** Intent labels, compared case-insensitively. Where given, they alone decide which `intent-matched` skills activate. */
  readonly intents?: readonly string[];
}

/** What activation reads: lookups of a loaded cache and its router. */
export interface ActivationContext {
  readonly getByName: (name: string) => Skill | undefined;
  readonly getByIntent: (intent: string) => Skill[];
  readonly router: Router;
  /** Ranks the text over every routable skill for the search stage instead of `router.route` (the loader's blend with an embedder). */
  readonly rank?: (text: string, limit: number) => readonly RouteHit[];
}

type Put = (a: SkillActivation) => void;

/**
 * The skills a turn activates, mentions first, then intents, then search;
 * never a skill twice.
 */
export function activateTurn(turn: string | Turn, context: ActivationContext, options: ActivationOptions = {}): SkillActivation[] {
  const o = resolveActivationOptions(options);
  const { text = '', intents = [] } = typeof turn === 'string' ? { text: turn } : turn;
  const out = new Map<string, SkillActivation>();
  const put: Put = (a) => {
    if (!out.has(a.skill.name)) out.set(a.skill.name, a);
  };
  const mentions = findMentions(text, (name) => mentionable(context.getByName(name)));
  for (const m of mentions) {
    const skill = context.getByName(m.name) as Skill;
    put({
      skill,
      reason: 'mention',
      score: 1,
      terms: [],
      words: [],
      arguments: m.arguments,
      threshold: 0,
      margin: 1,
      matched: [text.slice(m.start, m.start + 1 + m.name.length)],
    });
  }
  const rest = withoutMentions(text, mentions);
  for (const intent of intents) {
    for (const skill of context.getByIntent(intent))
      put({ skill, reason: 'intent', score: 1, terms: [], words: [], threshold: 0, margin: 1, matched: [intent] });
  }
  if (rest.trim() === '') return [...out.values()];
  // Given intents gate `intent-matched` skills: the text reaches them only when the turn names no intent.
  const gated = intents.length > 0;
  if (!gated) recognised(rest, context, o, put);
  searched(rest, context, o, (name) => out.has(name), gated, put);
  return [...out.values()];
}

/** `intent-matched` skills whose intent label the text is recognised as, at `intentThreshold`; margins between skills. */
function recognised(text: string, context: ActivationContext, o: ResolvedActivationOptions, put: Put): void {
  // A skill's labels tie with each other: its margin is to the best label of another skill.
  const found: { skill: Skill; hit: IntentHit }[] = [];
  for (const hit of context.router.recognizeIntents(text)) {
    for (const skill of context.getByIntent(hit.intent)) {
      if (skill.activation === 'intent-matched' && !found.some((f) => f.skill.name === skill.name)) found.push({ skill, hit });
    }
  }
  const margins = marginsOf(found.map((f) => f.hit.score));
  found.forEach(({ skill, hit }, i) => {
    if (hit.score < o.intentThreshold) return;
    const margin = margins[i] ?? 0;
    put({ skill, reason: 'intent', score: hit.score, terms: hit.terms, words: hit.words, threshold: o.intentThreshold, margin, matched: hit.words });
  });
}

/**
 * The search stage: every routable skill ranked (lexically or blended), the decision rule applied to the whole
 * ranking — skills already activated by a mention or an intent included, so the threshold, `relative` and the
 * margins are those of the ranking `route` shows — and the skills not yet activated put, at most `maxSearch`.
 */
function searched(text: string, context: ActivationContext, o: ResolvedActivationOptions, taken: (name: string) => boolean, gated: boolean, put: Put): void {
  const { router } = context;
  // Every hit: scoring them is what a search costs, and gated skills are dropped before anything is cut.
  const all = context.rank ? context.rank(text, router.size) : router.route(text, { limit: router.size, activation: 'any' });
  const ranked = gated ? all.filter((h) => context.getByName(h.name)?.activation !== 'intent-matched') : all;
  const input = searchInputOf(router, text);
  const decision = decideSearch(ranked, { ...o, maxSearch: ranked.length }, input);
  const margins = marginsOf(ranked.map((h) => h.score));
  let added = 0;
  for (const hit of decision.activated) {
    const skill = context.getByName(hit.name);
    if (!skill || taken(hit.name)) continue;
    if (added++ >= o.maxSearch) break;
    put({
      skill,
      reason: 'search',
      score: hit.score,
      terms: hit.terms,
      words: hit.words,
      threshold: decision.threshold,
      margin: margins[ranked.indexOf(hit)] ?? 0,
      matched: hit.words,
    });
  }
}
