/**
 * The one table of front-matter keys Satchel knows: each key in kebab-case,
 * its camelCase spelling where the systems Satchel unifies use one, the
 * {@link Skill} property it fills, and whether the open specification
 * defines it. Parsing, serialising and the store's skill documents all read
 * this table.
 * @module
 */
import type { Skill } from '../types.js';

/** One known front-matter key. */
export interface FrontmatterKey {
  /** The key as SKILL.md writes it (kebab-case). */
  readonly key: string;
  /** The {@link Skill} property it fills. */
  readonly property: keyof Skill;
  /** The camelCase spelling also accepted, when it differs from `key`. */
  readonly alias?: string;
  /** One of the specification's six fields (the `spec` profile accepts only these). */
  readonly spec: boolean;
}

/** Every known key, in the order `serializeSkill` writes them. */
export const FRONTMATTER_KEYS: readonly FrontmatterKey[] = [
  { key: 'name', property: 'name', spec: true },
  { key: 'description', property: 'description', spec: true },
  { key: 'license', property: 'license', spec: true },
  { key: 'compatibility', property: 'compatibility', spec: true },
  { key: 'metadata', property: 'metadata', spec: true },
  { key: 'allowed-tools', property: 'allowedTools', alias: 'allowedTools', spec: true },
  { key: 'version', property: 'version', spec: false },
  { key: 'author', property: 'author', spec: false },
  { key: 'disallowed-tools', property: 'disallowedTools', alias: 'disallowedTools', spec: false },
  { key: 'tool-mode', property: 'toolMode', alias: 'toolMode', spec: false },
  { key: 'intents', property: 'intents', spec: false },
  { key: 'examples', property: 'examples', spec: false },
  { key: 'activation', property: 'activation', spec: false },
  { key: 'execution', property: 'execution', spec: false },
  { key: 'disable-model-invocation', property: 'disableModelInvocation', alias: 'disableModelInvocation', spec: false },
  { key: 'user-invocable', property: 'userInvocable', alias: 'userInvocable', spec: false },
  { key: 'argument-hint', property: 'argumentHint', alias: 'argumentHint', spec: false },
];

const BY_SPELLING = new Map<string, FrontmatterKey>();
for (const entry of FRONTMATTER_KEYS) {
  BY_SPELLING.set(entry.key, entry);
  if (entry.alias !== undefined) BY_SPELLING.set(entry.alias, entry);
}

/** The known key a spelling (kebab or camel) names; `undefined` for unknown keys, `constructor` and `__proto__` included. */
export function frontmatterKey(spelling: string): FrontmatterKey | undefined {
  return BY_SPELLING.get(spelling);
}

/** The specification's six fields. */
export const SPEC_KEYS: readonly string[] = FRONTMATTER_KEYS.filter((k) => k.spec).map((k) => k.key);
