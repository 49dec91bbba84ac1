/**
 * `SkillFrontmatter`: the front matter of a SKILL.md as written, for code
 * that builds or inspects it (the type `@pleach/core/skills` exports).
 * @module
 */
import type { Activation, SkillExecution, ToolMode } from '../types.js';

/**
 * The keys of a SKILL.md front matter, as written: the specification's six
 * fields, then Satchel's extensions in kebab-case with their camelCase
 * aliases. Other keys are allowed; the parser keeps them in
 * `skill.extensions`. `frontmatterOf(skill)` returns this shape (kebab-case
 * keys, defaults left out); `parseSkill` turns it into a {@link Skill}.
 *
 * @example
 * ```ts
 * import { stringify } from 'yaml'
 * const front: SkillFrontmatter = { name: 'vendor-evaluation', description: 'Score vendors.', intents: ['vendor_evaluation'] }
 * const text = `---\n${stringify(front)}---\nScore each candidate.\n`
 * ```
 */
export interface SkillFrontmatter {
  /** Required (loaded from the folder's name instead only with `nameFromFolder`). */
  name: string;
  /** Required: what the skill does and when to use it. */
  description: string;
  license?: string;
  compatibility?: string;
  /** Text values; `tags` (a list) and `body-format` are read by Satchel. */
  metadata?: Record<string, unknown>;
  /** Space-separated text or a list. */
  'allowed-tools'?: string | readonly string[];
  allowedTools?: string | readonly string[];
  version?: string;
  author?: string;
  'disallowed-tools'?: string | readonly string[];
  disallowedTools?: string | readonly string[];
  'tool-mode'?: ToolMode;
  toolMode?: ToolMode;
  intents?: readonly string[];
  examples?: readonly string[];
  activation?: Activation;
  execution?: SkillExecution;
  'disable-model-invocation'?: boolean;
  disableModelInvocation?: boolean;
  'user-invocable'?: boolean;
  userInvocable?: boolean;
  'argument-hint'?: string;
  argumentHint?: string;
  /** Any other key: kept in `skill.extensions` with an `unknown-field` info. */
  [key: string]: unknown;
}
