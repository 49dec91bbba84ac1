/**
 * SKILL.md text from a skill, and the canonical front matter the digest
 * covers. `parseSkill(serializeSkill(s))` gives back an equal skill.
 * @module
 */
import { stringify } from 'yaml';
import { canonicalJson, sha256OfParts } from '../shared/hash.js';
import { setOwn } from './fields/values.js';
import { FRONTMATTER_KEYS } from './fields/keys.js';
import type { SkillFrontmatter } from './fields/skill-frontmatter.js';
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
  const fm: Record<string, unknown> = {};
  for (const { key, property } of FRONTMATTER_KEYS) {
    const value = frontmatterValue(skill, property);
    if (value !== undefined) setOwn(fm, key, value);
  }
  for (const [key, value] of Object.entries(skill.extensions ?? {})) {
    if (value !== undefined && !Object.hasOwn(fm, key)) setOwn(fm, key, value);
  }
  return fm as SkillFrontmatter;
}

/** A property as the front matter writes it: tool lists as a line where they can be, the default activation left out. */
function frontmatterValue(skill: Skill, property: keyof Skill): unknown {
  if (property === 'allowedTools' || property === 'disallowedTools') {
    const tools = skill[property];
    return tools && toolValue(tools);
  }
  if (property === 'activation') {
    const defaultActivation = skill.intents && skill.intents.length > 0 ? 'intent-matched' : 'auto';
    return skill.activation === defaultActivation ? undefined : skill.activation;
  }
  return skill[property];
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
  return writeSkillMd(frontmatterOf(skill), skill.content);
}

/**
 * The one SKILL.md writer: `frontmatter` as YAML between `---` lines, then
 * the trimmed body. `serializeSkill`, `defineSkill` and the sources that
 * turn skill objects into text all write through it.
 */
export function writeSkillMd(frontmatter: Readonly<Record<string, unknown>>, body: string): string {
  // No block scalars: yaml 2.9.1 writes some (leading blank lines, trailing spaces) that read back differently.
  const yaml = stringify(frontmatter, { lineWidth: 0, version: '1.2', blockQuote: false });
  const trimmed = body.trim();
  return trimmed === '' ? `---\n${yaml}---\n` : `---\n${yaml}---\n\n${trimmed}\n`;
}
