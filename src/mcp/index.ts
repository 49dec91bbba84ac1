/**
 * `satchel/mcp`: skills as a Model Context Protocol server, with the
 * official `@modelcontextprotocol/sdk` (an optional peer dependency).
 * `satchel mcp <paths…>` runs it over stdio.
 *
 * @example
 * ```ts
 * import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
 * import { createSkillsMcpServer } from 'satchel/mcp'
 *
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
 * await createSkillsMcpServer(skills).connect(serverSide)
 * ```
 * @module
 */
export { createSkillsMcpServer, type SkillsMcpServerOptions } from './create-server.js';
export { CATALOG_URI } from './resource-handlers.js';
export { CATALOG_PROMPT } from './prompt-handlers.js';
export { parseSkillResourceUri, skillResourceUri, SKILL_URI_SCHEME } from './resource-uris.js';
export type { McpSkillSource } from './source.js';
export { SKILLS_EXTENSION_ID, SKILLS_EXTENSION_LIMITS, type SkillsCacheScope, type SkillsExtensionOptions } from './extension/capability.js';
export { SKILLS_EXTENSION_LOGGER } from './extension/extension.js';
export type { SkillsExtensionDiagnostic, SkillsExtensionDiagnosticCode, SkillsExtensionEntry, SkillsExtensionResource } from './extension/entries.js';
export {
  mcpSkillSource,
  type McpSkillApproval,
  type McpSkillClient,
  type McpSkillEntry,
  type McpSkillResource,
  type McpSkillSourceLimits,
  type McpSkillSourceOptions,
} from './host/mcp-source.js';
export { mcpToolNames, type McpToolClient, type McpToolNamesOptions } from './host/tool-names.js';
