/**
 * The pieces of a catalog's text, in Markdown and in XML: the paragraph
 * (with the notes a cut catalog adds), one line per entry in each of its
 * forms, the list's end and the line that counts what is not listed. Every
 * piece is a whole line, so sizes add up.
 * @module
 */
import { SKILLS_LOAD, SKILLS_READ, SKILLS_SEARCH, providerToolName } from '../tool-names.js';
import type { CatalogOptions } from './options.js';
import type { Skill } from '../../format/types.js';

/** True for skills the model may see and load: all but `disable-model-invocation` ones. */
export function isModelVisible(skill: Skill): boolean {
  return skill.disableModelInvocation !== true;
}

/** Escapes `&`, `<`, `>`, `"` and `'` for XML text and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** One line per skill: runs of blanks and line breaks in a description become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The mark that ends a shortened description. */
export const SHORTENED_MARK = '…';

/** What a cut catalog's paragraph tells the model besides how to use skills. */
export type CatalogNote = 'loaded' | 'shortened' | 'names' | 'unlisted';

/** The text pieces of one catalog form; `name` and `description` arguments come already escaped. */
export interface CatalogForm {
  /** Markup of names and descriptions: escaping for XML, none for Markdown. */
  escape(text: string): string;
  /** The heading and paragraph, with `notes`, up to the first entry. */
  head(notes: ReadonlySet<CatalogNote>): string;
  /** An entry with a description (whole or shortened). */
  entry(name: string, description: string): string;
  /** An entry by name alone. */
  nameOnly(name: string): string;
  /** An entry of a skill already loaded, by `digest` (short); `changed` when the skill is no longer the one loaded. */
  loaded(name: string, digest: string, changed: boolean): string;
  /** The end of the list. */
  readonly tail: string;
  /** The last line of a catalog that leaves `count` skills out. */
  more(count: number): string;
}

/** The catalog form `options` asks for. */
export function catalogForm(options: Pick<CatalogOptions, 'format' | 'toolNames'>): CatalogForm {
  const tool = (id: string): string => `\`${options.toolNames === 'provider' ? providerToolName(id) : id}\``;
  const paragraph = (notes: ReadonlySet<CatalogNote>): string => {
    const said = [
      "Skills are folders of instructions for particular kinds of tasks. Each entry below gives a skill's name and when to use it.",
      `When a task matches a skill, first call the ${tool(SKILLS_LOAD)} tool with the skill's name and follow the instructions it returns;`,
      `when those instructions refer to one of the skill's files, read it with the ${tool(SKILLS_READ)} tool.`,
      'Load a skill only when the task needs it.',
    ];
    if (notes.has('loaded'))
      said.push(
        'Skills marked loaded are already loaded in this conversation: load one again only if its instructions are no longer in view or it changed since.',
      );
    if (notes.has('shortened')) said.push(`A description ending in ${SHORTENED_MARK} is shortened; loading the skill gives it whole.`);
    if (notes.has('unlisted'))
      said.push(
        `Not every skill is listed, and some only by name: when none listed fits a task, call the ${tool(SKILLS_SEARCH)} tool with what the task needs.`,
      );
    return said.join(' ');
  };
  const more = (count: number): string => `${count} more ${count === 1 ? 'skill is' : 'skills are'} not listed; the ${tool(SKILLS_SEARCH)} tool finds them.`;
  if (options.format === 'xml') {
    return {
      escape: escapeXml,
      head: (notes) => `${paragraph(notes)}\n\n<available_skills>\n`,
      entry: (name, description) => `  <skill><name>${name}</name><description>${description}</description></skill>\n`,
      nameOnly: (name) => `  <skill><name>${name}</name></skill>\n`,
      loaded: (name, digest, changed) => `  <skill><name>${name}</name><loaded${changed ? ' changed="true"' : ''}>${digest}</loaded></skill>\n`,
      tail: '</available_skills>\n',
      more: (count) => `${more(count)}\n`,
    };
  }
  return {
    escape: (text) => text,
    head: (notes) => `## Skills\n\n${paragraph(notes)}\n\n`,
    entry: (name, description) => `- ${name}: ${description}\n`,
    nameOnly: (name) => `- ${name}\n`,
    loaded: (name, digest, changed) => `- ${name}: loaded (${digest})${changed ? ', changed since: load it again' : ''}\n`,
    tail: '',
    more: (count) => `\n${more(count)}\n`,
  };
}

/** A digest as a catalog shows it: `sha256:` and its first 12 hex digits. */
export function shortDigest(digest: string): string {
  const colon = digest.indexOf(':');
  return digest.slice(0, colon + 13);
}
