/**
 * A skill set's catalog for a system prompt: a short paragraph on how to
 * use skills, then one entry per skill (name and description), as Markdown
 * lines or as the client guide's `<available_skills>` XML. Over its byte
 * limit it is refused, never cut (the Mayura seed's rule; a loader's
 * catalog is fitted instead, `budget.ts`).
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { utf8ByteLength } from '../../shared/text.js';
import { catalogForm, isModelVisible, oneLine } from './entries.js';
import { catalogDescription } from '../skill-paths.js';
import type { CatalogOptions } from './options.js';
import type { Skill } from '../../format/types.js';

const NO_NOTES: ReadonlySet<never> = new Set();

/** The whole catalog text of the model-visible `skills`, unchecked; `''` when there are none. */
function catalogText(skills: readonly Skill[], options: CatalogOptions): string {
  const visible = skills.filter(isModelVisible);
  if (visible.length === 0) return '';
  const form = catalogForm(options);
  const entries = visible.map((s) => form.entry(form.escape(oneLine(s.name)), form.escape(oneLine(catalogDescription(s, options.origins === true)))));
  return (form.head(NO_NOTES) + entries.join('') + form.tail).trimEnd();
}

/**
 * The catalog of `skills`: the model-visible ones, in the order given; `''`
 * when there are none. Throws `LIMIT_EXCEEDED` when it is over `maxBytes`.
 *
 * @example
 * ```ts
 * renderCatalog(set.skills, 16 * 1024)                      // '## Skills\n\nSkills are …\n\n- refunds: Decide refunds …'
 * renderCatalog(set.skills, 16 * 1024, { format: 'xml' })   // '…<available_skills>\n  <skill><name>refunds</name>…'
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
  const form = catalogForm(options);
  // The text is trimmed at the end: its last line break is not part of it.
  let size = utf8ByteLength(form.head(NO_NOTES) + form.tail) - 1;
  let any = false;
  for (const skill of skills) {
    if (!isModelVisible(skill)) continue;
    any = true;
    size += utf8ByteLength(form.entry(form.escape(oneLine(skill.name)), form.escape(oneLine(catalogDescription(skill, options.origins === true)))));
    if (size > maxBytes) return false;
  }
  return !any || size <= maxBytes;
}
