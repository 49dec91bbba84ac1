// A small in-memory store with the subset of the store's methods the runtime forwards in these tests
// (search, put, get, list, on): the real store (satchel/store) is tested with the runtime after the merge.
import { SkillError } from '../../src/format/errors.js';
import type { Diagnostic } from '../../src/format/diagnostics/diagnostic.js';

/** A change as the fake store emits it (the real store's shape, trimmed). */
export interface FakeChange {
  readonly action: 'put';
  readonly namespace: readonly string[];
  readonly name: string;
  readonly revision: number;
  readonly item: { readonly key: string; readonly value: string; readonly updatedAt: Date };
}

interface Held {
  readonly text: string;
  readonly revision: number;
}

/** The fake store: a map per namespace; `listenerCount` shows how many `on` subscriptions are live. */
export class FakeStore {
  readonly #data = new Map<string, Map<string, Held>>();
  readonly #listeners = new Set<(change: FakeChange) => unknown>();

  get listenerCount(): number {
    return this.#listeners.size;
  }

  async search(namespace: readonly string[]): Promise<{ key: string; value: string }[]> {
    return [...this.#space(namespace)].map(([key, held]) => ({ key, value: held.text }));
  }

  /** Refuses a text without a `name:` line (`INVALID_SKILL` with a diagnostic and a cause) and a stale `expectedRevision` (`CONFLICT`). */
  async put(namespace: readonly string[], text: string, options: { expectedRevision?: number } = {}): Promise<{ name: string; revision: number }> {
    const name = /^name: (.+)$/m.exec(text)?.[1];
    if (name === undefined) {
      const diagnostic: Diagnostic = {
        code: 'name-missing',
        severity: 'error',
        message: 'The required `name` field is missing or empty.',
        path: 'SKILL.md',
        line: 1,
        column: 1,
      };
      throw new SkillError('INVALID_SKILL', 'The skill has no name.', { diagnostics: [diagnostic], path: 'SKILL.md', cause: new RangeError('no name line') });
    }
    const space = this.#space(namespace);
    const revision = (space.get(name)?.revision ?? 0) + 1;
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision - 1) {
      throw new SkillError('CONFLICT', `Skill "${name}" is at revision ${revision - 1}, not ${options.expectedRevision}.`);
    }
    space.set(name, { text, revision });
    const change: FakeChange = { action: 'put', namespace: [...namespace], name, revision, item: { key: name, value: text, updatedAt: new Date(0) } };
    for (const listener of this.#listeners) await listener(change);
    return { name, revision };
  }

  async get(namespace: readonly string[], name: string): Promise<{ name: string; revision: number; text: string } | undefined> {
    const held = this.#space(namespace).get(name);
    return held && { name, revision: held.revision, text: held.text };
  }

  async list(namespace: readonly string[]): Promise<{ name: string; revision: number }[]> {
    return [...this.#space(namespace)].map(([name, held]) => ({ name, revision: held.revision }));
  }

  on(_type: 'change', listener: (change: FakeChange) => unknown): () => void {
    const entry = (change: FakeChange): unknown => listener(change);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  #space(namespace: readonly string[]): Map<string, Held> {
    const key = namespace.join('/');
    let space = this.#data.get(key);
    if (!space) this.#data.set(key, (space = new Map()));
    return space;
  }
}
