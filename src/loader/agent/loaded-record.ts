/**
 * `loader.loaded`: the skills a loader has handed to its conversation, for
 * apps with one conversation per loader, so a catalog can list them as
 * loaded after the history was compacted.
 * @module
 */
import type { LoadedSkillMark } from '../../agent/catalog/options.js';
import type { Skill } from '../../format/types.js';

/** One skill handed out: its name and the digest it had then. */
export interface LoadedSkillRecord extends LoadedSkillMark {
  readonly digest: string;
}

/**
 * The skills `skills.load` or `activateAsync` returned, in the order they
 * were first returned, one entry per name: a skill returned again keeps its
 * place and takes the digest it has now.
 */
export class LoadedRecord {
  readonly #byName = new Map<string, LoadedSkillRecord>();
  // The skill objects handed out, for a sandbox attached later (docs/agent.md, "Sandboxes").
  readonly #skills = new Map<string, Skill>();

  /** Notes that `skill` was handed out. */
  add(skill: Skill): void {
    this.#byName.set(skill.name, Object.freeze({ name: skill.name, digest: skill.digest }));
    this.#skills.set(skill.name, skill);
  }

  /** The skills handed out, as they were handed out, in the order of {@link list}. */
  skills(): readonly Skill[] {
    return [...this.#skills.values()];
  }

  /** What was handed out, in order. */
  list(): readonly LoadedSkillRecord[] {
    return Object.freeze([...this.#byName.values()]);
  }

  /** Starts the record again. */
  clear(): void {
    this.#byName.clear();
    this.#skills.clear();
  }
}
