/**
 * `withSkills`: agent options with the skills catalog appended to the
 * instructions and the two skill tools added.
 * @module
 */
import { type CatalogOptions } from './catalog/options.js';
import { utf8ByteLength } from '../shared/text.js';
import { SkillError } from '../format/errors.js';
import { SKILL_SET_LIMITS } from '../format/types.js';
import { providerToolName } from './tool-names.js';
import type { SkillTool } from './tools.js';

/** What `withSkills` needs of a skill set or a loader. */
export interface SkillProvider {
  /** The catalog; `''` when no skill is visible to the model. */
  catalog(options?: CatalogOptions): string;
  /** `skills.load` and `skills.read`, or none. */
  readonly tools: readonly SkillTool[];
  /** `maxInstructionsBytes` bounds the instructions with the catalog (default 64 KiB). */
  readonly limits?: { readonly maxInstructionsBytes?: number };
}

/** The part of an agent's options `withSkills` reads and changes. */
export interface AgentOptionsLike {
  readonly instructions?: string;
  readonly tools?: readonly unknown[];
}

type ToolOf<T> = T extends { readonly tools?: readonly (infer U)[] } ? U : never;

/**
 * What `withSkills` returns: `options` with the catalog in `instructions`
 * and the skill tools in `tools`. Both are certain to be present when
 * `options` had them (the unchanged options of an empty set included).
 */
export type WithSkills<T extends AgentOptionsLike> = Omit<T, 'instructions' | 'tools'> & {
  readonly instructions: T extends { readonly instructions: string } ? string : string | undefined;
  readonly tools: T extends { readonly tools: readonly unknown[] } ? readonly (ToolOf<T> | SkillTool)[] : readonly (ToolOf<T> | SkillTool)[] | undefined;
};

/**
 * Returns the agent options with the catalog appended to `instructions`
 * (after a blank line) and `skills.load` / `skills.read` added to `tools`.
 * A set with no skill visible to the model has no tools: the options come
 * back unchanged, the same object.
 *
 * @throws {SkillError} `CONFLICT` when the agent already has a tool with
 *   either id (matched on `id`, `name` or `function.name`, also in the
 *   provider form `skills_load`); `LIMIT_EXCEEDED` when the instructions
 *   with the catalog are over `maxInstructionsBytes` (64 KiB by default),
 *   or the catalog is over its own limit.
 * @example
 * ```ts
 * const skills = await loadSkills('./skills')
 * const agent = defineAgent(withSkills(skills, {
 *   id: 'support', instructions: 'You help customers of an online store.', tools: [lookupOrder],
 * }))
 * ```
 */
export function withSkills<T extends AgentOptionsLike>(skills: SkillProvider, options: T, catalogOptions?: CatalogOptions): WithSkills<T> {
  if (skills.tools.length === 0) return options as unknown as WithSkills<T>;
  const existing = options.tools ?? [];
  for (const tool of skills.tools) {
    const taken = existing.find((t) => toolNamesOf(t).some((n) => n === tool.id || n === providerToolName(tool.id)));
    if (taken !== undefined) throw new SkillError('CONFLICT', `The agent already has a tool named ${tool.id}; withSkills adds its own.`);
  }
  const catalog = skills.catalog(catalogOptions);
  const base = options.instructions ?? '';
  const instructions = catalog === '' ? base : base.trim() === '' ? catalog : `${base.trimEnd()}\n\n${catalog}`;
  const max = skills.limits?.maxInstructionsBytes ?? SKILL_SET_LIMITS.maxInstructionsBytes;
  const size = utf8ByteLength(instructions);
  if (size > max) {
    throw new SkillError('LIMIT_EXCEEDED', `The instructions with the skills catalog are ${size} bytes, more than maxInstructionsBytes (${max}).`);
  }
  return { ...options, instructions, tools: [...existing, ...skills.tools] } as unknown as WithSkills<T>;
}

/** The names a tool object may go by: `id`, `name`, or an OpenAI `function.name`. */
function toolNamesOf(tool: unknown): string[] {
  if (typeof tool !== 'object' || tool === null) return [];
  const t = tool as { id?: unknown; name?: unknown; function?: { name?: unknown } };
  return [t.id, t.name, t.function?.name].filter((n): n is string => typeof n === 'string');
}
