/**
 * What a client integration (the Vercel AI SDK tool set, the MCP server)
 * reads its tools from: a skill set or a loader, taken again at every call
 * so a loader's reloads and live changes reach calls already wired.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { providerToolName } from './tool-names.js';
import type { SkillTool } from './tools.js';

/** A skill set or a loader: the read tools and the grants they need. */
export interface SkillToolSource {
  /** `skills.load` and `skills.read`, or none. */
  readonly tools: readonly SkillTool[];
  /** `skills.list` and `skills.grep`, or none. */
  readonly fileTools: readonly SkillTool[];
}

/** The read tools of `source` now: `skills.load`, `skills.read`, then (unless `fileTools` is false) `skills.list`, `skills.grep`. */
export function readToolsOf(source: SkillToolSource, fileTools = true): readonly SkillTool[] {
  return fileTools ? [...source.tools, ...source.fileTools] : source.tools;
}

/**
 * The current tool of `source` called `name` (its id or provider name).
 *
 * @throws {SkillError} `NOT_FOUND` when `source` no longer offers it (e.g. a loader whose last skill left).
 */
export function currentTool(source: SkillToolSource, name: string, fileTools = true): SkillTool {
  const tools = readToolsOf(source, fileTools);
  const tool = tools.find((t) => t.id === name) ?? tools.find((t) => providerToolName(t.id) === name);
  if (!tool) throw new SkillError('NOT_FOUND', `No skill tool named ${name} is offered now.`);
  return tool;
}
