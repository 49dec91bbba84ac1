/**
 * Learned examples: the turns a skill served (the model loaded it, the user
 * named it, the app said so), kept per user and given to routing as more
 * `examples` of that skill. Duplicates merge (a count), each skill keeps its
 * newest `cap`, and one user's examples never reach another's routing.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { sha256Digest } from '../../shared/hash.js';
import type { Skill } from '../../format/types.js';

/** One learned example of a skill. */
export interface LearnedExample {
  /** The skill it is an example of. */
  readonly name: string;
  /** The turn's text, trimmed, runs of blanks as one space. */
  readonly text: string;
  /** How many times this text was learned for this skill. */
  readonly count: number;
  /** ISO time of the last time it was learned. */
  readonly learnedAt: string;
}

/** Longest learned example, in characters: what routing reads of a turn (longer turns are cut there). */
export const MAX_LEARNED_EXAMPLE_CHARS = 2000;

/** Learned examples a skill keeps unless `routing.maxLearnedPerSkill` says otherwise; the oldest give way. */
export const DEFAULT_MAX_LEARNED_PER_SKILL = 20;

/** The text of a turn to learn (`string` or `{ text }`), checked: `INVALID_INPUT` when empty, `LIMIT_EXCEEDED` when too long. */
export function learnedTextOf(turn: unknown): string {
  const raw = typeof turn === 'string' ? turn : typeof turn === 'object' && turn !== null ? (turn as { text?: unknown }).text : undefined;
  if (typeof raw !== 'string') throw new SkillError('INVALID_INPUT', 'learn takes a turn: its text, or { text }.');
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text === '') throw new SkillError('INVALID_INPUT', 'A learned example needs some text; this turn has none.');
  if (text.length > MAX_LEARNED_EXAMPLE_CHARS) {
    throw new SkillError('LIMIT_EXCEEDED', `A learned example is at most ${MAX_LEARNED_EXAMPLE_CHARS} characters; this turn has ${text.length}.`);
  }
  return text;
}

/** Two texts are the same example when they differ only in case. */
const keyOf = (text: string): string => text.toLowerCase();

/** The learned examples of every user a loader served, the current user's in use. */
export class LearnedExamples {
  readonly #byUser = new Map<string, Map<string, LearnedExample[]>>();
  #user = '';

  /** Switches to `user`'s examples (a load for another user). */
  useUser(user: string): void {
    this.#user = user;
  }

  #skills(): Map<string, LearnedExample[]> {
    let skills = this.#byUser.get(this.#user);
    if (!skills) this.#byUser.set(this.#user, (skills = new Map()));
    return skills;
  }

  /** Learns `text` for `name`: a repeat counts up and becomes the newest; past `cap` the oldest gives way. */
  add(name: string, text: string, cap: number, now = new Date()): LearnedExample {
    const skills = this.#skills();
    const list = skills.get(name) ?? [];
    const same = list.find((e) => keyOf(e.text) === keyOf(text));
    const example: LearnedExample = Object.freeze({ name, text, count: (same?.count ?? 0) + 1, learnedAt: now.toISOString() });
    const kept = [...list.filter((e) => e !== same), example];
    skills.set(name, kept.slice(Math.max(0, kept.length - cap)));
    return example;
  }

  /** Forgets one example of `name` (any case); false when it had none such. */
  remove(name: string, text: string): boolean {
    const skills = this.#skills();
    const list = skills.get(name) ?? [];
    const kept = list.filter((e) => keyOf(e.text) !== keyOf(text.replace(/\s+/g, ' ').trim()));
    if (kept.length === list.length) return false;
    if (kept.length === 0) skills.delete(name);
    else skills.set(name, kept);
    return true;
  }

  /** The current user's examples of `name`, or of every skill, oldest first. */
  list(name?: string): LearnedExample[] {
    const skills = this.#skills();
    if (name !== undefined) return [...(skills.get(name) ?? [])];
    return [...skills.values()].flat();
  }

  /**
   * `skill` as routing indexes it: its examples followed by what was learned for it, and a digest that says so, so
   * the index and the vectors take the change. A skill with nothing learned is returned as is.
   */
  routed(skill: Skill): Skill {
    const learned = this.#skills().get(skill.name);
    if (!learned || learned.length === 0) return skill;
    const texts = learned.map((e) => e.text);
    return { ...skill, examples: [...(skill.examples ?? []), ...texts], digest: `${skill.digest}+learned:${sha256Digest(texts.join('\n'))}` };
  }
}
