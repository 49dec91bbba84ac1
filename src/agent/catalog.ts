/**
 * The skills catalog for a system prompt: a short paragraph on how to use
 * skills, then one entry per skill (name and description), as Markdown
 * lines or as the client guide's `<available_skills>` XML. Over its byte
 * limit it is refused, never cut.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { utf8ByteLength } from '../shared/text.js';
import { SKILLS_LOAD, SKILLS_READ, providerToolName } from './tool-names.js';
import type { Skill } from '../format/types.js';

/** A user turn, as routing takes it: free text and/or intent labels. */
export type CatalogTurn = string | { readonly text?: string; readonly intents?: readonly string[] };

/** Options of `catalog()`. */
export interface CatalogOptions {
  /** `markdown` (default): one `- name: description` line per skill. `xml`: `<available_skills>`. */
  format?: 'markdown' | 'xml';
  /**
   * How the paragraph names the tools: `id` (default, `skills.load`) or
   * `provider` (`skills_load`, the name the OpenAI and Anthropic adapters give).
   */
  toolNames?: 'id' | 'provider';
  /**
   * For a loader holding more skills than one catalog can carry: list the
   * skills ranked highest for this turn, within the byte limit. A catalog
   * that fits whole ignores it.
   */
  turn?: CatalogTurn;
}

/** Ranks skills for a turn, best first; the seam between the catalog and routing. */
export type SkillRanking = (turn: CatalogTurn) => readonly Skill[];

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
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The catalog cut into a head, one piece per skill and a tail, so sizes add up. */
interface CatalogParts {
  readonly head: string;
  entry(skill: Skill): string;
  readonly tail: string;
}

function partsOf(options: CatalogOptions): CatalogParts {
  const name = (id: string): string => (options.toolNames === 'provider' ? providerToolName(id) : id);
  const paragraph =
    "Skills are folders of instructions for particular kinds of tasks. Each entry below gives a skill's name and when to use it. " +
    `When a task matches a skill, first call the \`${name(SKILLS_LOAD)}\` tool with the skill's name and follow the instructions it returns; ` +
    `when those instructions refer to one of the skill's files, read it with the \`${name(SKILLS_READ)}\` tool. ` +
    'Load a skill only when the task needs it.';
  if (options.format === 'xml') {
    return {
      head: `${paragraph}\n\n<available_skills>\n`,
      entry: (s) =>
        `  <skill>\n    <name>${escapeXml(oneLine(s.name))}</name>\n    <description>${escapeXml(oneLine(s.description))}</description>\n  </skill>\n`,
      tail: '</available_skills>',
    };
  }
  return { head: `## Skills\n\n${paragraph}\n\n`, entry: (s) => `- ${oneLine(s.name)}: ${oneLine(s.description)}\n`, tail: '' };
}

/** The catalog text of the model-visible `skills`, unchecked; `''` when there are none. */
function catalogText(skills: readonly Skill[], options: CatalogOptions): string {
  const visible = skills.filter(isModelVisible);
  if (visible.length === 0) return '';
  const parts = partsOf(options);
  return (parts.head + visible.map((s) => parts.entry(s)).join('') + parts.tail).trimEnd();
}

/**
 * The catalog of `skills`: the model-visible ones, in the order given; `''`
 * when there are none. Throws `LIMIT_EXCEEDED` when it is over `maxBytes`.
 *
 * @example
 * ```ts
 * renderCatalog(set.skills, 16 * 1024)                      // '## Skills\n\nSkills are …\n\n- refunds: Decide refunds …'
 * renderCatalog(set.skills, 16 * 1024, { format: 'xml' })   // '…<available_skills>\n  <skill>…'
 * ```
 */
export function renderCatalog(skills: readonly Skill[], maxBytes: number, options: CatalogOptions = {}): string {
  const text = catalogText(skills, options);
  const size = utf8ByteLength(text);
  if (size > maxBytes) {
    const count = skills.filter(isModelVisible).length;
    throw new SkillError(
      'LIMIT_EXCEEDED',
      `The catalog of ${count} skills is ${size} bytes, more than maxCatalogBytes (${maxBytes}); it is refused, never cut.`,
    );
  }
  return text;
}

/** True when the whole catalog of `skills` fits in `maxBytes`; stops counting as soon as it does not. */
export function catalogFits(skills: readonly Skill[], maxBytes: number, options: CatalogOptions = {}): boolean {
  const parts = partsOf(options);
  // The text is trimmed at the end: with no tail, the last entry's line break is not part of it.
  let size = utf8ByteLength(parts.head + parts.tail) - (parts.tail === '' ? 1 : 0);
  let any = false;
  for (const skill of skills) {
    if (!isModelVisible(skill)) continue;
    any = true;
    size += utf8ByteLength(parts.entry(skill));
    if (size > maxBytes) return false;
  }
  return !any || size <= maxBytes;
}

/**
 * The skills a per-turn catalog lists: in the ranking's order, each
 * model-visible skill whose entry still fits in `maxBytes` (a long entry is
 * passed over, shorter ones after it may still fit). Returned in rank order.
 */
export function selectForTurn(ranked: readonly Skill[], maxBytes: number, options: CatalogOptions = {}): Skill[] {
  const parts = partsOf(options);
  let size = utf8ByteLength(parts.head + parts.tail);
  const chosen: Skill[] = [];
  const seen = new Set<string>();
  for (const skill of ranked) {
    if (!isModelVisible(skill) || seen.has(skill.name)) continue;
    const entry = utf8ByteLength(parts.entry(skill));
    if (size + entry > maxBytes) continue;
    size += entry;
    seen.add(skill.name);
    chosen.push(skill);
  }
  return chosen;
}

/** The fallback ranking until routing is available: skills by name, in code-unit order. */
export function rankByName(skills: readonly Skill[]): Skill[] {
  return [...skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
