/**
 * Subagent specs (the pleach shape) as skills: each becomes a `builtin`,
 * `manual` skill whose content is the spec's system prompt suffix.
 * @module
 */
import { parseSkill, type ParseResult } from '../format/parse.js';
import { serializeSkill } from '../format/serialize.js';
import type { Skill } from '../format/types.js';

/** A subagent definition as `@pleach/core` takes it. */
export interface SubagentSpec {
  /** Skill name; kebab-case is expected. */
  name: string;
  /** What the subagent does. */
  description: string;
  /** Tool ids it may use; become `allowedTools`. */
  tools?: readonly string[];
  /** Most steps; becomes `execution.maxSteps`. */
  maxSteps?: number;
  /** Time budget in ms; becomes `execution.timeout`. */
  timeout?: number;
  /** Appended to the child's system prompt; becomes the skill's content. */
  systemPromptSuffix?: string;
}

/**
 * Turns a subagent spec into a skill, validated like any SKILL.md (so a bad
 * name or an empty description is a diagnostic, not a crash).
 *
 * @example
 * ```ts
 * const { skill } = subagentSpecToSkill({ name: 'researcher', description: 'Fan out searches.', tools: ['search'] })
 * skill?.activation // 'manual'
 * ```
 */
export function subagentSpecToSkill(spec: SubagentSpec): ParseResult {
  const path = `subagent:${String(spec.name)}`;
  const draft: Skill = {
    name: String(spec.name ?? ''),
    description: String(spec.description ?? ''),
    activation: 'manual',
    bodyFormat: 'plain',
    content: spec.systemPromptSuffix ?? '',
    source: 'builtin',
    files: [],
    digest: '',
    diagnostics: [],
    ...(spec.tools && spec.tools.length > 0 ? { allowedTools: [...spec.tools] } : {}),
    ...executionOf(spec),
  };
  return parseSkill(serializeSkill(draft), { source: 'builtin', path });
}

function executionOf(spec: SubagentSpec): Pick<Skill, 'execution'> {
  const execution: { maxSteps?: number; timeout?: number } = {};
  if (spec.maxSteps !== undefined) execution.maxSteps = spec.maxSteps;
  if (spec.timeout !== undefined) execution.timeout = spec.timeout;
  return Object.keys(execution).length > 0 ? { execution } : {};
}
