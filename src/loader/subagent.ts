/**
 * Subagent specs (the pleach shape) as skills: each becomes a `builtin`,
 * `manual` skill whose content is the spec's system prompt suffix.
 * @module
 */
import { createDiagnostic } from '../format/diagnostics/diagnostic.js';
import { isRecord } from '../format/fields/values.js';
import type { ParseResult } from '../format/parse.js';
import { parseSkillObject } from '../sources/skill-object.js';

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
 * name or an empty description is a diagnostic, not a crash). Never throws:
 * a spec that is not an object, or whose fields have the wrong types, is a
 * `source-error` or a field diagnostic; `index` names it in messages.
 *
 * @example
 * ```ts
 * const { skill } = subagentSpecToSkill({ name: 'researcher', description: 'Fan out searches.', tools: ['search'] })
 * skill?.activation // 'manual'
 * ```
 */
export function subagentSpecToSkill(spec: SubagentSpec, index?: number): ParseResult {
  const label = index === undefined ? 'subagent' : `subagentSpecs[${index}]`;
  const fail = (why: string): ParseResult => ({
    errors: [createDiagnostic('source-error', 'runtime', `${label} is not a subagent spec: ${why}.`, label)],
    warnings: [],
    infos: [],
  });
  if (!isRecord(spec)) return fail(`it is ${spec === null ? 'null' : `a ${typeof spec}`}`);
  try {
    const { name, description, tools, systemPromptSuffix } = spec as Record<string, unknown>;
    if (typeof name !== 'string') return fail('`name` is not text');
    if (typeof description !== 'string') return fail('`description` is not text');
    if (systemPromptSuffix !== undefined && typeof systemPromptSuffix !== 'string') return fail('`systemPromptSuffix` is not text');
    // Written out as a Skill-like document and parsed: wrong types in tools or execution are the parser's field diagnostics.
    const document = {
      name,
      description,
      content: systemPromptSuffix ?? '',
      activation: 'manual',
      ...(Array.isArray(tools) && tools.length === 0 ? {} : tools === undefined ? {} : { allowedTools: tools }),
      ...executionOf(spec as Record<string, unknown>),
    };
    return parseSkillObject(document, { source: 'builtin', path: `subagent:${name}` });
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
}

function executionOf(spec: Record<string, unknown>): { execution?: Record<string, unknown> } {
  const execution: Record<string, unknown> = {};
  if (spec['maxSteps'] !== undefined) execution['maxSteps'] = spec['maxSteps'];
  if (spec['timeout'] !== undefined) execution['timeout'] = spec['timeout'];
  return Object.keys(execution).length > 0 ? { execution } : {};
}
