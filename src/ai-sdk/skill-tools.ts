/**
 * `createSkillToolSet`: Satchel's read tools as a Vercel AI SDK tool set, keyed by
 * provider names (`skills_load`, …), input schemas through the SDK's own
 * `jsonSchema`, and `execute` running the tool behind its grant checks.
 * @module
 */
import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import { runTool } from '../agent/grants.js';
import { providerToolName } from '../agent/tool-names.js';
import { currentTool, readToolsOf, type SkillToolSource } from '../agent/tool-source.js';

/** Options of {@link createSkillToolSet}. */
export interface SkillToolSetOptions {
  /** The grants the app allows, e.g. `skills.permissions` with `SKILLS_FILE_PERMISSIONS`; a missing one fails the call with `PERMISSION_DENIED`. */
  readonly grants: Iterable<string>;
  /** Offer `skills_list` and `skills_grep` besides `skills_load` and `skills_read` (default true). */
  readonly fileTools?: boolean;
}

/** @deprecated Use {@link SkillToolSetOptions}. */
export type SkillToolsOptions = SkillToolSetOptions;

/**
 * The read tools of a skill set or a loader as an AI SDK `ToolSet` for
 * `generateText`, `streamText` or an `Agent`. A call runs the tool the
 * source offers at that moment (a loader's reloads reach it); the input
 * schemas are those of the tools when the set was made, so take the set
 * again after a loader's skills change.
 *
 * @example
 * ```ts
 * import { generateText } from 'ai'
 * import { createSkillToolSet } from 'satchel/ai-sdk'
 *
 * const { text } = await generateText({
 *   model,
 *   system: skills.catalog(),
 *   tools: createSkillToolSet(skills, { grants: [...skills.permissions, ...SKILLS_FILE_PERMISSIONS] }),
 *   prompt: 'Can I get a refund for order 1234?',
 * })
 * ```
 */
export function createSkillToolSet(source: SkillToolSource, options: SkillToolSetOptions): ToolSet {
  const grants = [...options.grants]; // an iterable may be read once; calls need it each time
  const withFiles = options.fileTools ?? true;
  const set: ToolSet = {};
  for (const skillTool of readToolsOf(source, withFiles)) {
    set[providerToolName(skillTool.id)] = tool({
      description: skillTool.description,
      // Satchel's schemas are plain JSON Schema objects, as the SDK's helper takes them.
      inputSchema: jsonSchema<unknown>(skillTool.inputSchema as JSONSchema7),
      execute: async (input: unknown) => runTool(currentTool(source, skillTool.id, withFiles), input, { grants }),
    });
  }
  return set;
}

/** @deprecated Use {@link createSkillToolSet} (a sync factory is `createX`). */
export const skillTools = createSkillToolSet;
