// Small builders shared by the loader tests.
import type { SkillStoreLike } from '../../src/sources/store.js';

/** A LangGraph-style store whose namespaces hold SKILL.md texts. */
export function fakeStore(namespaces: Record<string, readonly unknown[]>): SkillStoreLike & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    async search(namespace: string[]) {
      calls.push(namespace);
      return (namespaces[namespace.join('/')] ?? []).map((value, i) => ({ key: `k${i}`, value }));
    },
  };
}
