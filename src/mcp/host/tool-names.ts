/**
 * `mcpToolNames`: the names of the tools an MCP server offers, read through an SDK `Client`'s `listTools` (every
 * page), for a loader's `availableTools` (docs/loader.md, "Skills that need tools").
 * @module
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SkillError } from '../../format/errors.js';

/** What {@link mcpToolNames} needs of an SDK `Client`. */
export type McpToolClient = Pick<Client, 'listTools'>;

/** Options of {@link mcpToolNames}. */
export interface McpToolNamesOptions {
  /** Put before each name, as the app names the server's tools to its model (`github__` for `github__create_issue`). */
  readonly prefix?: string;
  /** Cancels the listing. */
  readonly signal?: AbortSignal;
  /** Most pages read (default 100): a server whose cursors never end fails with `SOURCE_FAILED` instead of looping. */
  readonly maxPages?: number;
}

/**
 * Every tool name `client`'s server lists (`tools/list`, cursor after cursor), each with `prefix` before it.
 * `SOURCE_FAILED` when the server errs, repeats a cursor or pages past `maxPages`; `ABORTED` when cancelled.
 *
 * @example
 * ```ts
 * const loader = new SkillLoader({ builtin, availableTools: [...(await mcpToolNames(client)), 'read_file'] })
 * ```
 */
export async function mcpToolNames(client: McpToolClient, options: McpToolNamesOptions = {}): Promise<string[]> {
  const { prefix = '', signal, maxPages = 100 } = options;
  const names: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    if (isAborted(signal)) throw new SkillError('ABORTED', 'The operation was aborted.', { cause: signal?.reason });
    let result: Awaited<ReturnType<McpToolClient['listTools']>>;
    try {
      result = await client.listTools(cursor === undefined ? {} : { cursor }, signal === undefined ? undefined : { signal });
    } catch (e) {
      if (isAborted(signal)) throw new SkillError('ABORTED', 'The operation was aborted.', { cause: e });
      throw new SkillError('SOURCE_FAILED', `tools/list failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    for (const tool of result.tools) names.push(`${prefix}${tool.name}`);
    cursor = result.nextCursor;
    if (cursor === undefined) return [...new Set(names)];
    if (seen.has(cursor)) throw new SkillError('SOURCE_FAILED', `tools/list repeated the cursor ${JSON.stringify(cursor)}; the listing was stopped.`);
    seen.add(cursor);
  }
  throw new SkillError('SOURCE_FAILED', `tools/list had more than ${maxPages} pages; the listing was stopped.`);
}

// A function, not an inline check: the signal can abort while `listTools` runs.
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
