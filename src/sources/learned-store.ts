/**
 * The contract of a store that keeps learned examples: the turns a skill
 * served, per namespace (a user's, beside the user's skills), given to
 * routing as more examples of that skill (`loader.learn`, docs/routing.md).
 * Satchel's own stores implement it; a loader whose store does not keeps
 * learned examples in memory.
 * @module
 */

/** One learned example of a skill. */
export interface LearnedExample {
  /** The skill it is an example of. */
  readonly name: string;
  /** The turn's text, trimmed, runs of blanks as one space. */
  readonly text: string;
  /** How many times this text (in any case) was learned for this skill. */
  readonly count: number;
  /** ISO time of the last time it was learned. */
  readonly learnedAt: string;
}

/** Options of {@link LearnedExampleStore.learnExample}. */
export interface LearnExampleOptions {
  /** Examples the skill keeps in this namespace; past it the oldest give way (default 20). */
  readonly cap?: number;
}

/** A store that keeps learned examples per namespace. */
export interface LearnedExampleStore {
  /** Learns `example.text` for skill `example.name`: a repeat (any case) counts up and becomes the newest; past `cap` the oldest goes. */
  learnExample(namespace: readonly string[], example: { readonly name: string; readonly text: string }, options?: LearnExampleOptions): Promise<LearnedExample>;
  /** The namespace's learned examples of `name`, or of every skill, oldest first. */
  learnedExamples(namespace: readonly string[], name?: string): Promise<LearnedExample[]>;
  /** Forgets one learned example of `name` (any case); false when there was none such. */
  forgetExample(namespace: readonly string[], name: string, text: string): Promise<boolean>;
}

/** True when `store` keeps learned examples (has all three methods). */
export function isLearnedExampleStore(store: unknown): store is LearnedExampleStore {
  if (typeof store !== 'object' || store === null) return false;
  const s = store as Record<string, unknown>;
  return typeof s['learnExample'] === 'function' && typeof s['learnedExamples'] === 'function' && typeof s['forgetExample'] === 'function';
}

/** Learned examples a skill keeps unless told otherwise. */
export const DEFAULT_MAX_LEARNED_PER_SKILL = 20;

/** A learned text as it is kept: trimmed, runs of blanks as one space. */
export function normalizedExample(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Two texts are the same example when they differ only in case (and blanks). */
export function sameExample(a: string, b: string): boolean {
  return normalizedExample(a).toLowerCase() === normalizedExample(b).toLowerCase();
}

/** Longest learned example, in characters, once normalised: what routing reads of a turn (longer is `LIMIT_EXCEEDED`). */
export const MAX_LEARNED_EXAMPLE_CHARS = 2000;
