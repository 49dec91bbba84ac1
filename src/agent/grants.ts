/**
 * Grant checks for tools: a runtime that runs a tool without every grant
 * it lists fails with `PERMISSION_DENIED`, before the tool runs.
 * @module
 */
import { SkillError } from '../format/errors.js';

/** The part of a tool a grant check needs. */
export interface GrantedTool {
  readonly id: string;
  readonly grants: readonly string[];
}

/** The part of a tool {@link runTool} needs. */
export interface RunnableTool<Output> extends GrantedTool {
  run(input: unknown): Promise<Output>;
}

/**
 * Throws `PERMISSION_DENIED` naming the first grant of `tool` that `grants`
 * does not hold. Grants are compared exactly; there are no wildcards.
 *
 * @example
 * ```ts
 * checkGrants(tool, ['tool:skills.load', 'skills:read']) // passes for skills.load
 * checkGrants(tool, [])                                  // throws PERMISSION_DENIED: … `tool:skills.load` …
 * ```
 */
export function checkGrants(tool: GrantedTool, grants: Iterable<string>): void {
  const held = grants instanceof Set ? (grants as ReadonlySet<string>) : new Set(grants);
  const missing = tool.grants.find((g) => !held.has(g));
  if (missing !== undefined) {
    throw new SkillError('PERMISSION_DENIED', `Tool ${tool.id} needs the grant \`${missing}\`, which this runtime does not allow.`);
  }
}

/** Options of {@link runTool}. */
export interface RunToolOptions {
  /** The grants the runtime allows, e.g. `skills.permissions` among the app's own. */
  readonly grants: Iterable<string>;
}

/**
 * Runs `tool` after checking its grants: rejects with `PERMISSION_DENIED`
 * (and never runs it) when one is missing.
 *
 * @example
 * ```ts
 * const loaded = await runTool(load, { name: 'refunds' }, { grants: skills.permissions })
 * ```
 */
export async function runTool<Output>(tool: RunnableTool<Output>, input: unknown, options: RunToolOptions): Promise<Output> {
  checkGrants(tool, options.grants);
  return tool.run(input);
}
