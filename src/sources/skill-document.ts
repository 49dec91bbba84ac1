/**
 * Skill documents: the values a LangGraph-style store holds for a skill,
 * read into SKILL.md text plus files. Three shapes are understood: SKILL.md
 * text itself, `{ text, files? }` (or `{ files }` with a `SKILL.md` among
 * them), and a Skill-like object `{ name, description, content |
 * instructions, ...fields }`, which is written out as SKILL.md text the way
 * `serializeSkill` writes it, so the parser validates every shape alike.
 * @module
 */
import { isRecord, setOwn, splitTools } from '../format/fields/values.js';
import { frontmatterKey } from '../format/fields/keys.js';
import { serializeSkill } from '../format/serialize.js';
import type { Skill, SkillFile } from '../format/types.js';
import { isBytes, pickSkillFile, SKILL_FILE } from './inventory.js';

/** A skill document read from a store item. */
export interface SkillDocument {
  /** SKILL.md contents. */
  readonly text: string | Uint8Array;
  /** The skill file's name: `SKILL.md`, or the case variant found among `files`. */
  readonly fileName: string;
  /** Resource contents by path relative to the skill folder (SKILL.md not included). */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
  /** Resources listed without contents (a stored `Skill`'s inventory); `read()` cannot serve them. */
  readonly listed: readonly SkillFile[];
  /** The skill's name when the document states it outside the text. */
  readonly name?: string;
}

/** Document keys that are not front matter. */
const NOT_FRONTMATTER = new Set([
  'content',
  'instructions',
  'files',
  'text',
  'fileName',
  'source',
  'digest',
  'diagnostics',
  'path',
  'bodyFormat',
  'tags',
  'extensions',
  // A lazy skill's state (`loaded: false`, `stale: true`), never front matter.
  'loaded',
  'stale',
]);

/**
 * Reads a store value as a skill document, or returns why it is not one.
 * Never throws for a bad value.
 */
export function readSkillDocument(value: unknown): SkillDocument | { problem: string } {
  if (typeof value === 'string' || isBytes(value)) return { text: value, fileName: SKILL_FILE, files: new Map(), listed: [] };
  if (!isRecord(value))
    return { problem: `the value is ${value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`}, not a skill document` };
  const files = readFiles(value['files']);
  if ('problem' in files) return files;
  const name = typeof value['name'] === 'string' ? value['name'] : undefined;
  const text = value['text'];
  if (typeof text === 'string' || isBytes(text)) {
    // `{ text, files }`, what a store holds: one object.
    const doc = { files: files.contents, listed: files.listed, text, fileName: SKILL_FILE };
    return name === undefined ? doc : { ...doc, name };
  }
  if (text !== undefined) return { problem: '`text` is neither text nor bytes' };
  const base = { files: files.contents, listed: files.listed, ...(name === undefined ? {} : { name }) };
  const fileName = pickSkillFile(files.contents.keys());
  if (fileName !== undefined) {
    const contents = new Map(files.contents);
    const skillText = contents.get(fileName) ?? '';
    contents.delete(fileName);
    return { ...base, files: contents, text: skillText, fileName };
  }
  if (name !== undefined && typeof value['description'] === 'string') {
    const body = value['content'] ?? value['instructions'] ?? '';
    if (typeof body !== 'string') return { problem: '`content` / `instructions` must be text' };
    return { ...base, text: skillLikeText(value, body), fileName: SKILL_FILE };
  }
  return { problem: 'the object has no SKILL.md `text`, no `SKILL.md` among its `files`, and no `name` with `description`' };
}

/** `files` as contents by path (a record) or as an inventory without contents (a Skill's list). */
function readFiles(value: unknown): { contents: Map<string, string | Uint8Array>; listed: SkillFile[] } | { problem: string } {
  const contents = new Map<string, string | Uint8Array>();
  if (value === undefined || value === null) return { contents, listed: [] };
  if (Array.isArray(value)) {
    const listed = value.filter(isSkillFile);
    if (listed.length !== value.length) return { problem: '`files` lists an item without `path`, `size`, `text` and `digest`' };
    return { contents, listed };
  }
  if (!isRecord(value)) return { problem: '`files` must map paths to text or bytes' };
  for (const [path, content] of Object.entries(value)) {
    if (typeof content !== 'string' && !isBytes(content)) return { problem: `file \`${path}\` is neither text nor bytes` };
    contents.set(path, content);
  }
  return { contents, listed: [] };
}

function isSkillFile(value: unknown): value is SkillFile {
  if (!isRecord(value)) return false;
  return typeof value['path'] === 'string' && typeof value['size'] === 'number' && typeof value['isText'] === 'boolean' && typeof value['digest'] === 'string';
}

/**
 * SKILL.md text for a Skill-like object: its fields become a `Skill`
 * written with `serializeSkill`, so the front matter is exactly what a
 * stored skill would have. Values of the wrong shape are written under their
 * key as given, for the parser to report.
 */
function skillLikeText(doc: Record<string, unknown>, body: string): string {
  const skill: Record<string, unknown> = {};
  const extensions: Record<string, unknown> = {};
  if (isRecord(doc['extensions'])) for (const [k, v] of Object.entries(doc['extensions'])) setOwn(extensions, k, v);
  for (const key of Object.keys(doc)) {
    if (NOT_FRONTMATTER.has(key)) continue;
    const prop = frontmatterKey(key)?.property;
    const value = doc[key];
    if (prop === undefined) setOwn(extensions, key, value);
    else if (!(prop in skill)) putField(skill, extensions, prop, value);
  }
  const metadata = metadataOf(doc, skill['metadata']);
  if (metadata !== undefined) skill['metadata'] = metadata;
  const full = {
    ...skill,
    content: body,
    extensions,
    activation: skill['activation'],
    bodyFormat: 'plain',
    source: 'user',
    files: [],
    digest: '',
    diagnostics: [],
  };
  return serializeSkill(full as unknown as Skill);
}

function putField(skill: Record<string, unknown>, extensions: Record<string, unknown>, prop: string, value: unknown): void {
  // The two tool lists are the only properties serializeSkill writes from a transformed value.
  const kebab = prop === 'allowedTools' || prop === 'disallowedTools' ? frontmatterKey(prop)?.key : undefined;
  if (kebab === undefined) {
    skill[prop] = value;
    return;
  }
  // serializeSkill writes tool lists from arrays of text; anything else goes through as written.
  if (typeof value === 'string') skill[prop] = splitTools(value);
  else if (Array.isArray(value) && value.every((t) => typeof t === 'string')) skill[prop] = value;
  else setOwn(extensions, kebab, value);
}

/** `metadata`, with a document's top-level `tags` and `bodyFormat` moved in where a Skill keeps them. */
function metadataOf(doc: Record<string, unknown>, metadata: unknown): unknown {
  const tags = doc['tags'];
  const format = doc['bodyFormat'];
  const addTags = Array.isArray(tags) && tags.length > 0 && tags.every((t) => typeof t === 'string');
  const addFormat = format === 'structured';
  if (!addTags && !addFormat) return metadata;
  if (metadata !== undefined && !isRecord(metadata)) return metadata;
  const out: Record<string, unknown> = { ...metadata };
  if (addTags && !('tags' in out)) {
    // A space-separated line keeps metadata text-only (the spec's rule) when no tag holds a blank or comma.
    out['tags'] = (tags as string[]).some((t) => /[\s,]/.test(t)) ? tags : (tags as string[]).join(' ');
  }
  if (addFormat && !('body-format' in out)) out['body-format'] = 'structured';
  return out;
}
