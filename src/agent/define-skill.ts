/**
 * `defineSkill`: a skill written in code, built through the same parser as
 * a SKILL.md file, so validation and the digest are the same.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { setOwn } from '../format/fields/values.js';
import { parseSkill } from '../format/parse.js';
import { writeSkillMd } from '../format/serialize.js';
import { attachContents } from './contents.js';
import type { SkillFileInput } from '../sources/source.js';
import { isBytes, isSkillFileName } from '../sources/inventory.js';
import { decodeUtf8 } from '../shared/text.js';
import type { Skill } from '../format/types.js';

/**
 * A skill in code: the two required fields, the instructions (the SKILL.md
 * body), optional files, and any other front matter field, kebab-case or
 * camelCase (`license`, `metadata`, `allowed-tools`, `intents`,
 * `disableModelInvocation`, …).
 */
export interface SkillDefinition {
  /** Lower-case letters, digits and single hyphens, up to 64 characters. */
  readonly name: string;
  /** What the skill does and when to use it: the model decides from this alone. */
  readonly description: string;
  /** The Markdown instructions the model gets when it loads the skill. */
  readonly instructions: string;
  /** Files by path relative to the skill folder (`references/policy.md`), as text or bytes. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** Any other front matter field. */
  readonly [field: string]: unknown;
}

/**
 * Builds a skill from a definition. The definition is written out as
 * SKILL.md text and parsed in the runtime profile, as a file would be; the
 * skill's `source` is `builtin`. The files' text contents are kept with the
 * skill so `createSkillSet` can serve them; binary files are listed only.
 *
 * @throws {SkillError} `INVALID_SKILL` with the diagnostics of every error
 *   (a missing description, an unsafe file path, a `SKILL.md` among the
 *   files, a file that is neither text nor bytes, …). Warnings (e.g. a name
 *   that is not kebab-case) do not throw; they stay in `skill.diagnostics`.
 * @example
 * ```ts
 * const refunds = defineSkill({
 *   name: 'refunds',
 *   description: 'Decide refunds under the store policy.',
 *   instructions: 'Read references/policy.md, then decide.',
 *   files: { 'references/policy.md': 'Refunds up to 50 EUR are automatic.' },
 * })
 * ```
 */
export function defineSkill(definition: SkillDefinition): Skill {
  if (typeof definition !== 'object' || definition === null) throw invalid('defineSkill takes an object with name, description and instructions.');
  const { instructions, files, ...fields } = definition;
  if (typeof instructions !== 'string') throw invalid(`Skill "${String(definition.name)}": \`instructions\` must be text.`);
  const inputs = fileInputs(String(definition.name), files);
  const parsed = parseSkill(skillText(fields, instructions), { source: 'builtin', files: inputs });
  if (!parsed.skill) {
    const first = parsed.errors[0];
    const where = first ? `${first.code} at line ${first.line}: ${first.message}` : 'it could not be parsed';
    throw new SkillError('INVALID_SKILL', `Invalid skill definition "${String(definition.name)}": ${where}`, { diagnostics: parsed.errors });
  }
  return attachContents(parsed.skill, textContents(parsed.skill, inputs));
}

/** SKILL.md text: the fields as YAML front matter (undefined ones left out), then the instructions. */
function skillText(fields: Record<string, unknown>, instructions: string): string {
  const frontmatter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) setOwn(frontmatter, key, value);
  return writeSkillMd(frontmatter, instructions);
}

function fileInputs(name: string, files: unknown): SkillFileInput[] {
  if (files === undefined) return [];
  if (typeof files !== 'object' || files === null || Array.isArray(files))
    throw invalid(`Skill "${name}": \`files\` must be a record from path to text or bytes.`);
  return Object.entries(files).map(([path, content]) => {
    if (isSkillFileName(path)) throw invalid(`Skill "${name}": \`${path}\` cannot be one of its files; the instructions are its SKILL.md.`, path);
    if (typeof content !== 'string' && !isBytes(content)) throw invalid(`Skill "${name}": file \`${path}\` must be text or bytes.`, path);
    return { path, content };
  });
}

/** The contents of every file the skill lists as text. */
function textContents(skill: Skill, inputs: readonly SkillFileInput[]): Map<string, string> {
  const byPath = new Map(inputs.map((f) => [f.path, f.content]));
  const texts = new Map<string, string>();
  for (const file of skill.files) {
    const content = byPath.get(file.path);
    if (!file.isText || content === undefined) continue;
    const text = typeof content === 'string' ? content : decodeUtf8(content);
    if (text !== undefined) texts.set(file.path, text);
  }
  return texts;
}

function invalid(message: string, path?: string): SkillError {
  return new SkillError('INVALID_SKILL', message, path === undefined ? {} : { path });
}
