/**
 * `createSkillsMcpServer`: a skill set or a loader as a Model Context
 * Protocol server, built on the official SDK's `McpServer`.
 * @module
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SKILLS_FILE_PERMISSIONS, SKILLS_LOADER_PERMISSIONS } from '../agent/tool-names.js';
import { handlePrompts } from './prompt-handlers.js';
import { handleResources } from './resource-handlers.js';
import type { McpSkillSource } from './source.js';
import { handleTools } from './tool-handlers.js';
import { extensionCapabilities, resolveExtensionOptions, type SkillsExtensionOptions } from './extension/capability.js';
import { handleSkillsExtension } from './extension/extension.js';

/** Options of {@link createSkillsMcpServer}. */
export interface SkillsMcpServerOptions extends SkillsExtensionOptions {
  /** The server's name for clients (default `satchel-skills`). */
  readonly name?: string;
  /** The server's version for clients (default `0.1.0`). */
  readonly version?: string;
  /** The grants its calls run with (default: every read grant, `SKILLS_LOADER_PERMISSIONS` and `SKILLS_FILE_PERMISSIONS`). */
  readonly grants?: Iterable<string>;
}

/**
 * An `McpServer` serving `source`, ready to `connect` to any transport:
 * the read tools as MCP tools (`skills.load`, `skills.read`, a loader's
 * `skills.search`, `skills.list`, `skills.grep`), every listed text file as a `skill://<name>/<path>`
 * resource, the catalog as the `skills://catalog` resource and the
 * `skills-catalog` prompt (a loader's fitted to its `maxCatalogBytes`); and the Skills Extension (SEP-2640):
 * `skills/list`, `skills/get` and `resources/directory/read`, each skill's files readable at
 * `skill://<skill-path>/<file>` (docs/clients.md). A loader's change events reach connected
 * clients as list-changed notifications; `close()` on the server stops
 * listening. Its handlers are set on `server.server`: add no tools,
 * resources or prompts of your own through `registerTool` and its kin.
 *
 * @example
 * ```ts
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
 * import { createSkillsMcpServer } from 'satchel/mcp'
 *
 * const server = createSkillsMcpServer(loader)
 * await server.connect(new StdioServerTransport())
 * ```
 *
 * @throws {SkillError} `INVALID_INPUT` for a `ttlMs`, `cacheScope` or `pageSize` out of range.
 */
export function createSkillsMcpServer(source: McpSkillSource, options: SkillsMcpServerOptions = {}): McpServer {
  const grants = [...(options.grants ?? [...SKILLS_LOADER_PERMISSIONS, ...SKILLS_FILE_PERMISSIONS])];
  const extension = resolveExtensionOptions(options);
  const mcp = new McpServer(
    { name: options.name ?? 'satchel-skills', version: options.version ?? '0.1.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        ...extensionCapabilities(),
      },
    },
  );
  handleTools(mcp.server, source, grants);
  handleResources(mcp.server, source, grants, handleSkillsExtension(mcp.server, source, extension, grants));
  handlePrompts(mcp.server, source);
  const off = source.on?.('change', () => announceChange(mcp));
  if (off) {
    const closed = mcp.server.onclose;
    mcp.server.onclose = () => {
      off();
      closed?.();
    };
  }
  return mcp;
}

/**
 * Tells a connected client that tools (their name enums), resources and the catalog prompt may have changed. The
 * Skills Extension defines no notification of its own (skills are resources): `resources/list_changed` tells a host
 * to call `skills/list` again.
 */
function announceChange(mcp: McpServer): void {
  if (!mcp.isConnected()) return;
  mcp.sendToolListChanged();
  mcp.sendResourceListChanged();
  mcp.sendPromptListChanged();
}
