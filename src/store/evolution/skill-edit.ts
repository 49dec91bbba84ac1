/**
 * Editing a stored skill the way the write tools do: read it, change its
 * description, body or one resource, and write the whole SKILL.md again,
 * composing a structured skill's body from its `sections/` files.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { parseSkill } from '../../format/parse.js';
import { serializeSkill, writeSkillMd } from '../../format/serialize.js';
import { composeStructuredBody, isSectionFile } from '../../format/structured.js';
import type { Skill } from '../../format/types.js';
import { fileInputOf, SKILL_FILE } from '../../sources/inventory.js';
import { builtinRefusal } from './policy.js';
import type { FileMap } from '../records.js';
import type { SkillStore, StoredSkill } from '../types.js';

/** A stored skill with its parsed form. */
export interface Editable {
  readonly stored: StoredSkill;
  readonly skill: Skill;
  readonly structured: boolean;
}

/** The stored skill `name` parsed, or `undefined`; a builtin name is refused as `resource-write-ignored`. */
export async function editable(store: SkillStore, namespace: readonly string[], name: string, what: string, path?: string): Promise<Editable | undefined> {
  if (store.isReserved(name)) throw builtinRefusal(name, what, path);
  const stored = await store.get(namespace, name);
  if (!stored) return undefined;
  const skill = parseSkill(stored.text, { files: Object.entries(stored.files).map(([p, c]) => fileInputOf(p, c)) }).skill;
  if (!skill) throw new SkillError('STORE_FAILED', `Stored skill "${name}" no longer parses; a person must repair it.`);
  return { stored, skill, structured: skill.bodyFormat === 'structured' };
}

/** The stored skill `name`, or `NOT_FOUND` saying how to create it. */
export async function existing(store: SkillStore, namespace: readonly string[], name: string, what: string, path?: string): Promise<Editable> {
  const found = await editable(store, namespace, name, what, path);
  if (!found) throw new SkillError('NOT_FOUND', `There is no stored skill named "${name}" here; create it first with the set tool.`);
  return found;
}

/** SKILL.md of a new skill: plain with `body`, structured (body from sections, none yet) without. */
export function newSkillText(name: string, description: string, body: string | undefined): string {
  if (body !== undefined) return writeSkillMd({ name, description }, body);
  return writeSkillMd({ name, description, metadata: { 'body-format': 'structured' } }, composeStructuredBody(name, new Map()));
}

/** SKILL.md of `current` with a new description and body (for a structured skill: composed from `files`). */
export function editedText(current: Editable, changes: { readonly description?: string; readonly body?: string }, files: FileMap): string {
  const { skill } = current;
  const content = current.structured ? composeStructuredBody(skill.name, sectionsOf(files)) : (changes.body ?? skill.content);
  return serializeSkill({ ...skill, description: changes.description ?? skill.description, content });
}

/** The text `sections/` files of `files` by section name. */
export function sectionsOf(files: FileMap): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, content] of Object.entries(files)) {
    const file = path.slice('sections/'.length);
    if (path.startsWith('sections/') && isSectionFile(file) && typeof content === 'string') out.set(file, content);
  }
  return out;
}

/** The folder record `put` takes. */
export function folderOf(text: string, files: FileMap): Record<string, string | Uint8Array> {
  return { [SKILL_FILE]: text, ...files };
}
