/**
 * The read tools as MCP tools, by their ids (`skills.load`, …): a call runs
 * the tool the source offers now, behind its grants; a refusal is a tool
 * result with `isError`, which the model reads, and an unknown tool is an
 * MCP error. Neither ends the server.
 * @module
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { runTool } from '../agent/grants.js';
import { readToolsOf } from '../agent/tool-source.js';
import { isSkillError } from '../format/errors.js';
import type { McpSkillSource } from './source.js';

/** Answers `tools/list` and `tools/call` on `server` from `source`. */
export function handleTools(server: Server, source: McpSkillSource, grants: readonly string[]): void {
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: readToolsOf(source).map(mcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = readToolsOf(source).find((t) => t.id === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}; tools/list gives the skill tools.`);
    try {
      const output = await runTool(tool, request.params.arguments ?? {}, { grants });
      const structured = typeof output === 'object' && output !== null && !Array.isArray(output) ? { structuredContent: { ...output } } : {};
      return { content: [{ type: 'text', text: JSON.stringify(output) }], ...structured };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: refusalText(error) }] };
    }
  });
}

function mcpTool(tool: { id: string; description: string; inputSchema: Readonly<Record<string, unknown>> }): Tool {
  return {
    name: tool.id,
    description: tool.description,
    inputSchema: { ...tool.inputSchema, type: 'object' },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
}

/** A refusal as the model should read it: `CODE: message` for a SkillError. */
function refusalText(error: unknown): string {
  if (isSkillError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
