// The one SKILL.md text builder of the test suite.
import { stringify } from 'yaml';

/** What a test SKILL.md holds besides its name. */
export interface SkillMdOptions {
  /** The description (default: `The <name> skill. Use when testing <name>.`). */
  readonly description?: string;
  /**
   * More front matter: raw YAML lines (ending in a newline) written as given, or fields rendered with `yaml`
   * (`tags` goes under `metadata.tags`).
   */
  readonly front?: string | Readonly<Record<string, unknown>>;
  /** The body (default: `Instructions for <name>.`). */
  readonly body?: string;
}

/**
 * SKILL.md text for a skill named `name`.
 *
 * @example
 * ```ts
 * skillMd('pdf', { front: 'intents: [merge]\n', body: 'Merge PDFs.' })
 * skillMd('pdf', { front: { examples: ['merge two files'], tags: ['files'] } })
 * ```
 */
export function skillMd(name: string, options: SkillMdOptions = {}): string {
  const description = options.description ?? `The ${name} skill. Use when testing ${name}.`;
  const body = options.body ?? `Instructions for ${name}.`;
  return `---\nname: ${name}\ndescription: ${yamlScalar(description)}\n${frontLines(options.front)}---\n${body}\n`;
}

function frontLines(front: SkillMdOptions['front']): string {
  if (front === undefined) return '';
  if (typeof front === 'string') return front;
  const { tags, ...rest } = front;
  const fields = tags === undefined ? rest : { ...rest, metadata: { ...(rest['metadata'] as object | undefined), tags } };
  return Object.keys(fields).length === 0 ? '' : stringify(fields);
}

/** A description written plainly when YAML reads it back unchanged, quoted otherwise. */
function yamlScalar(text: string): string {
  return /^[\w (),.'/-]*$/.test(text) && !/^[\s'-]/.test(text) && !/[\s]$/.test(text) && !text.includes(': ') ? text : JSON.stringify(text);
}
