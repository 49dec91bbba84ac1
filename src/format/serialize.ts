/**
 * SKILL.md text from a skill, and the canonical front matter the digest
 * covers. `parseSkill(serializeSkill(s))` gives back an equal skill.
 * @module
 */
import { stringify } from 'yaml';
import { canonicalJson, sha256OfParts } from '../shared/hash.js';
import { setOwn } from './field-values.js';
import type { SkillFrontmatter } from './skill-frontmatter.js';
import type { Skill, SkillFile } from './types.js';

/** Tools that survive a space-separated line: balanced parentheses, no blank outside them. */
function isSimpleTool(tool: string): boolean {
  let depth = 0;
  for (const c of tool) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth < 0 || (depth === 0 && (c === ',' || /\s/.test(c)))) return false;
  }
  return depth === 0 && tool !== '';
}

function toolValue(tools: readonly string[]): string | string[] {
  return tools.every(isSimpleTool) ? tools.join(' ') : [...tools];
}

/**
 * The front matter of a skill as a plain object with kebab-case keys,
 * defaults left out. This is what the digest covers and what
 * {@link serializeSkill} writes.
 */
export function frontmatterOf(skill: Skill): SkillFrontmatter {
  const fm: Record<string, unknown> = { name: skill.name, description: skill.description };
  const put = (key: string, value: unknown): void => {
    if (value !== undefined) setOwn(fm, key, value);
  };
  put('license', skill.license);
  put('compatibility', skill.compatibility);
  put('metadata', skill.metadata);
  put('allowed-tools', skill.allowedTools && toolValue(skill.allowedTools));
  put('version', skill.version);
  put('author', skill.author);
  put('disallowed-tools', skill.disallowedTools && toolValue(skill.disallowedTools));
  put('tool-mode', skill.toolMode);
  put('intents', skill.intents);
  put('examples', skill.examples);
  const defaultActivation = skill.intents && skill.intents.length > 0 ? 'intent-matched' : 'auto';
  put('activation', skill.activation === defaultActivation ? undefined : skill.activation);
  put('execution', skill.execution);
  put('disable-model-invocation', skill.disableModelInvocation);
  put('user-invocable', skill.userInvocable);
  put('argument-hint', skill.argumentHint);
  for (const [key, value] of Object.entries(skill.extensions ?? {})) {
    if (!Object.hasOwn(fm, key)) put(key, value);
  }
  return fm as SkillFrontmatter;
}

/**
 * `sha256:` + hex over the canonical front matter (JSON), the files'
 * `[path, digest]` pairs (JSON) and the body, joined by line breaks. JSON
 * holds no raw line break, so the join is unambiguous and the body is
 * hashed as is rather than escaped into a string first.
 */
export function digestSkill(skill: Omit<Skill, 'digest' | 'diagnostics'>, files: readonly SkillFile[]): string {
  const inventory = files.map((f) => [f.path, f.digest]);
  return sha256OfParts([canonicalJson(frontmatterOf(skill as Skill)), canonicalJson(inventory), skill.content]);
}

/**
 * Writes a skill as SKILL.md text: front matter between `---` lines, then
 * the body.
 *
 * @example
 * ```ts
 * const text = serializeSkill(skill)
 * parseSkill(text, { folder: skill.name }).skill // equal to skill
 * ```
 */
export function serializeSkill(skill: Skill): string {
  // No block scalars: yaml 2.9.1 writes some (leading blank lines, trailing spaces) that read back differently.
  const yaml = stringify(frontmatterOf(skill), { lineWidth: 0, version: '1.2', blockQuote: false });
  const body = skill.content.trim();
  return body === '' ? `---\n${yaml}---\n` : `---\n${yaml}---\n\n${body}\n`;
}
