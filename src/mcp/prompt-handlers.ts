/**
 * The catalog as an MCP prompt, `skills-catalog`: the text a system prompt
 * would carry, for clients that offer prompts to their user.
 * @module
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, McpError, type GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { asMcp } from './resource-handlers.js';
import type { McpSkillSource } from './source.js';

/** The name of the catalog prompt. */
export const CATALOG_PROMPT = 'skills-catalog';

/** Answers `prompts/list` and `prompts/get` on `server` from `source`. */
export function handlePrompts(server: Server, source: McpSkillSource): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: [{ name: CATALOG_PROMPT, title: 'Skill catalog', description: 'The skills on offer and how to use them (load one with skills.load).' }],
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request): Promise<GetPromptResult> => {
    if (request.params.name !== CATALOG_PROMPT)
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt ${request.params.name}; the server offers ${CATALOG_PROMPT}.`);
    const text = await asMcp(async () => source.catalog());
    return { description: 'The skill catalog', messages: [{ role: 'user', content: { type: 'text', text } }] };
  });
}
