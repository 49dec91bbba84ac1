// Small builders shared by the loader tests.
import type { SkillStoreLike } from '../../src/sources/store.js';

/** SKILL.md text for a skill with the given name and optional extra front matter lines. */
export function skillText(name: string, extra = '', body = `Instructions for ${name}.`): string {
  return `---\nname: ${name}\ndescription: The ${name} skill. Use when testing ${name}.\n${extra}---\n${body}\n`;
}

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
