/**
 * Activation: which skills a turn switches on, and why. Explicit mentions
 * (`/name`, `$name`) first, then intents (given, or recognised in the text),
 * then free-text search; each skill at most once, thresholds applied.
 * @module
 */
import type { RouteHit, Router } from './router.js';
import type { Skill } from '../format/types.js';

/** Why a skill activated. */
export type ActivationReason = 'mention' | 'intent' | 'search';

/** One activated skill. */
export interface SkillActivation {
  /** The skill. */
  readonly skill: Skill;
  /** `mention` (`/name` or `$name`), `intent` (given or recognised), or `search` (free-text match). */
  readonly reason: ActivationReason;
  /** 1 for mentions and given intents; otherwise the router's calibrated 0–1 score. */
  readonly score: number;
  /** Query terms that matched, as stems (empty for mentions and given intents). */
  readonly terms: readonly string[];
  /** The turn's words that matched, as it spells them, without stop words (empty for mentions and given intents). */
  readonly words: readonly string[];
  /** For a mention: the rest of its line, trimmed (may be empty). */
  readonly arguments?: string;
}

/** A turn: free text, intents from a classifier, or both. */
export interface Turn {
  /** The user's message. */
  readonly text?: string;
  /** Intent labels, compared case-insensitively. */
  readonly intents?: readonly string[];
}

/** Thresholds of activation; the defaults were measured on two labelled sets (docs/routing.md). */
export interface ActivationOptions {
  /** Least calibrated score of the best search hit for any `search` activation (default 0.51). */
  threshold?: number;
  /** Least score for an intent recognised in the text (default 0.51). */
  intentThreshold?: number;
  /** Most `search` activations per turn (default 3). */
  maxSearch?: number;
  /** Once the best search hit passes `threshold`, the others activate within this share of its score (default 0.5). */
  relative?: number;
  /**
   * How much `threshold` rises per e-fold of routable skills over {@link THRESHOLD_REFERENCE_SKILLS} (default 0.07;
   * 0.025 for the blended score of `activateAsync`): with more skills, chance overlap with an out-of-scope turn grows.
   */
  thresholdGrowth?: number;
}

/** Skill count up to which `threshold` applies as given; above it, it rises by `thresholdGrowth` per e-fold. */
export const THRESHOLD_REFERENCE_SKILLS = 200;

/** The measured defaults of {@link ActivationOptions}. */
export const DEFAULT_ACTIVATION_OPTIONS: Required<ActivationOptions> = {
  threshold: 0.51,
  intentThreshold: 0.51,
  maxSearch: 3,
  relative: 0.5,
  thresholdGrowth: 0.07,
};

/** What activation reads: lookups of a loaded cache and its router. */
export interface ActivationContext {
  readonly getByName: (name: string) => Skill | undefined;
  readonly getByIntent: (intent: string) => Skill[];
  readonly router: Router;
  /** Ranks the text for the search stage instead of `router.route` (the loader's blend with an embedder). */
  readonly rank?: (text: string, limit: number) => readonly RouteHit[];
}

/** A `/name` or `$name` mention found in a text. */
export interface Mention {
  /** The skill name as written. */
  readonly name: string;
  /** The rest of the line after the mention, up to the next mention of a skill, trimmed. */
  readonly arguments: string;
  /** Where the mention starts in the text (UTF-16 offset). */
  readonly start: number;
  /** Where its arguments end in the text (UTF-16 offset, exclusive). */
  readonly end: number;
}

// `/name` or `$name` at the start of a line or after white space or an opening bracket or quote:
// never inside a path or a URL (`a/b`, `http://x/name`).
const MENTION = /(?<=^|[\s([{"'`])[/$]([\p{L}\p{N}][\p{L}\p{N}_.:-]*)/gmu;

/** The mentions of known skills in `text`, in order, each name once. */
export function findMentions(text: string, isSkill: (name: string) => boolean): Mention[] {
  const found: { name: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(MENTION)) {
    // Sentence punctuation after a name (`use /pdf.`) is not part of it.
    const name = [m[1] as string, (m[1] as string).replace(/[.:]+$/, '')].find(isSkill);
    if (name) found.push({ name, start: m.index, end: m.index + m[0].length });
  }
  const seen = new Set<string>();
  const out: Mention[] = [];
  found.forEach((f, i) => {
    if (seen.has(f.name)) return;
    seen.add(f.name);
    const lineEnd = text.indexOf('\n', f.end);
    const next = found[i + 1]?.start ?? Infinity;
    const end = Math.min(lineEnd < 0 ? text.length : lineEnd, next);
    out.push({ name: f.name, arguments: text.slice(f.end, end).trim(), start: f.start, end });
  });
  return out;
}

/**
 * The skills a turn activates, mentions first, then intents, then search;
 * never a skill twice.
 */
export function activateTurn(turn: string | Turn, context: ActivationContext, options: ActivationOptions = {}): SkillActivation[] {
  const o = { ...DEFAULT_ACTIVATION_OPTIONS, ...definedOnly(options) };
  const { text = '', intents = [] } = typeof turn === 'string' ? { text: turn } : turn;
  const out = new Map<string, SkillActivation>();
  const put = (a: SkillActivation): void => {
    if (!out.has(a.skill.name)) out.set(a.skill.name, a);
  };
  const mentions = findMentions(text, (name) => mentionable(context.getByName(name)));
  for (const m of mentions) {
    put({ skill: context.getByName(m.name) as Skill, reason: 'mention', score: 1, terms: [], words: [], arguments: m.arguments });
  }
  const rest = withoutMentions(text, mentions);
  for (const intent of intents) {
    for (const skill of context.getByIntent(intent)) put({ skill, reason: 'intent', score: 1, terms: [], words: [] });
  }
  if (rest.trim() === '') return [...out.values()];
  for (const hit of context.router.recognizeIntents(rest)) {
    if (hit.score < o.intentThreshold) break;
    for (const skill of context.getByIntent(hit.intent)) {
      if (skill.activation === 'intent-matched') put({ skill, reason: 'intent', score: hit.score, terms: hit.terms, words: hit.words });
    }
  }
  const limit = o.maxSearch + out.size;
  const ranked = context.rank ? context.rank(rest, limit) : context.router.route(rest, { limit });
  const fresh = ranked.filter((h) => !out.has(h.name));
  for (const hit of searchHits(fresh, o, context.router.size)) {
    const skill = context.getByName(hit.name);
    if (skill) put({ skill, reason: 'search', score: hit.score, terms: hit.terms, words: hit.words });
  }
  return [...out.values()];
}

/**
 * The ranked hits that activate: none unless the best passes the threshold
 * (the turn is about some skill at all; raised for more than
 * {@link THRESHOLD_REFERENCE_SKILLS} routable skills), then every hit within
 * `relative` of the best, at most `maxSearch`.
 */
export function searchHits(hits: readonly RouteHit[], options: Required<ActivationOptions>, skills = 0): RouteHit[] {
  const best = hits[0]?.score ?? 0;
  if (best < scaledThreshold(options, skills)) return [];
  return hits.filter((h) => h.score >= best * options.relative).slice(0, options.maxSearch);
}

/** `threshold` for a set of `skills` routable skills: as given up to the reference size, then rising by `thresholdGrowth` per e-fold. */
export function scaledThreshold(options: Pick<Required<ActivationOptions>, 'threshold' | 'thresholdGrowth'>, skills: number): number {
  return options.threshold + options.thresholdGrowth * Math.log(Math.max(1, skills / THRESHOLD_REFERENCE_SKILLS));
}

/** The text of a turn that search routes: without its mentions, whose arguments are input for that skill. */
export function searchTextOf(turn: string | Turn, context: Pick<ActivationContext, 'getByName'>): string {
  const text = (typeof turn === 'string' ? turn : turn.text) ?? '';
  return withoutMentions(
    text,
    findMentions(text, (name) => mentionable(context.getByName(name))),
  );
}

function withoutMentions(text: string, mentions: readonly Mention[]): string {
  return mentions.reduceRight((t, m) => t.slice(0, m.start) + t.slice(m.end), text);
}

function mentionable(skill: Skill | undefined): boolean {
  return skill !== undefined && skill.userInvocable !== false;
}

function definedOnly(options: ActivationOptions): ActivationOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as ActivationOptions;
}
