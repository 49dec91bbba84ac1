/**
 * Learned examples: the turns a skill served (the model loaded it, the user
 * named it, the app said so), kept per user and given to routing as more
 * `examples` of that skill. Duplicates merge (a count), each skill keeps its
 * newest `cap`, and one user's examples never reach another's routing.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { sha256OfParts } from '../../shared/hash.js';
import type { Skill } from '../../format/types.js';
import { MAX_LEARNED_EXAMPLE_CHARS, normalizedExample, sameExample, type LearnedExample } from '../../sources/learned-store.js';

export type { LearnedExample } from '../../sources/learned-store.js';
export { DEFAULT_MAX_LEARNED_PER_SKILL, MAX_LEARNED_EXAMPLE_CHARS } from '../../sources/learned-store.js';

/** The text of a turn to learn (`string` or `{ text }`), checked: `INVALID_INPUT` when empty, `LIMIT_EXCEEDED` when too long. */
export function learnedTextOf(turn: unknown): string {
  const raw = typeof turn === 'string' ? turn : typeof turn === 'object' && turn !== null ? (turn as { text?: unknown }).text : undefined;
  if (typeof raw !== 'string') throw new SkillError('INVALID_INPUT', 'learn takes a turn: its text, or { text }.');
  const text = normalizedExample(raw);
  if (text === '') throw new SkillError('INVALID_INPUT', 'A learned example needs some text; this turn has none.');
  if (text.length > MAX_LEARNED_EXAMPLE_CHARS) {
    throw new SkillError('LIMIT_EXCEEDED', `A learned example is at most ${MAX_LEARNED_EXAMPLE_CHARS} characters; this turn has ${text.length}.`);
  }
  return text;
}

/** The learned examples of every user a loader served, the current user's in use. */
export class LearnedExamples {
  readonly #byUser = new Map<string, Map<string, LearnedExample[]>>();
  #user = '';

  /** The user whose examples are in use (the last load's). */
  get user(): string {
    return this.#user;
  }

  /** Switches to `user`'s examples (a load for another user); `examples`, when given, replace what was kept for them (the store's). */
  useUser(user: string, examples?: readonly LearnedExample[]): void {
    this.#user = user;
    if (examples === undefined) return;
    const skills = new Map<string, LearnedExample[]>();
    for (const e of examples) skills.set(e.name, [...(skills.get(e.name) ?? []), e]);
    this.#byUser.set(user, skills);
  }

  #skills(user = this.#user): Map<string, LearnedExample[]> {
    let skills = this.#byUser.get(user);
    if (!skills) this.#byUser.set(user, (skills = new Map()));
    return skills;
  }

  /** Learns `text` for `name`: a repeat counts up and becomes the newest; past `cap` the oldest gives way. */
  add(name: string, text: string, cap: number, now = new Date()): LearnedExample {
    const same = (this.#skills().get(name) ?? []).find((e) => sameExample(e.text, text));
    return this.put(this.#user, Object.freeze({ name, text, count: (same?.count ?? 0) + 1, learnedAt: now.toISOString() }), cap);
  }

  /** Keeps `example` (as a store answered it) for `user` as the newest of its skill, in place of the same text. */
  put(user: string, example: LearnedExample, cap: number): LearnedExample {
    const skills = this.#skills(user);
    const kept = [...(skills.get(example.name) ?? []).filter((e) => !sameExample(e.text, example.text)), example];
    skills.set(example.name, kept.slice(Math.max(0, kept.length - cap)));
    return example;
  }

  /** Forgets one example of `name` (any case) for `user`; false when it had none such. */
  remove(name: string, text: string, user = this.#user): boolean {
    const skills = this.#skills(user);
    const list = skills.get(name) ?? [];
    const kept = list.filter((e) => !sameExample(e.text, text));
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
    return { ...skill, examples: [...(skill.examples ?? []), ...texts], digest: `${skill.digest}+learned:${sha256OfParts(texts)}` };
  }
}
