/**
 * `satchel mcp <path…>`: the skills under each path, watched, served as an
 * MCP server over stdio until stdin closes. stdout carries the protocol
 * alone; everything for a person goes to stderr.
 * @module
 */
import { isSkillError } from '../../format/errors.js';
import { resolveLimits } from '../../format/types.js';
import { SkillLoader } from '../../loader/loader.js';
import { COMMANDS } from './commands.js';
import { checkFolders, cliSource, discoveryBounds } from './inputs.js';
import type { CliFlags, CliIo } from './io.js';
import { plural, skillErrorText } from './print.js';

/** Serves the skills under the given paths over stdio; resolves to the exit code once the client is gone. */
export async function mcpCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const folders = await checkFolders('mcp', flags.paths, io);
  if (folders === undefined) return 1;
  const limits = resolveLimits(flags.limits, COMMANDS.mcp.defaults);
  const bounds = { ...discoveryBounds(limits), includeHidden: flags.includeHidden, watch: true };
  const sources = folders.map((abs) => cliSource(abs, bounds, io.cwd));
  const loader = new SkillLoader({ builtin: sources, limits });
  const stop = (): void => {
    loader.close();
    for (const source of sources) source.close?.();
  };
  try {
    await loader.loadAll();
  } catch (e) {
    stop();
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText('mcp', e, io.cwd));
    return 1;
  }
  io.err.write(`satchel mcp: serving ${plural(loader.size, 'skill')} over stdio\n`);
  await serve(loader);
  stop();
  return 0;
}

/** Connects an MCP server over `loader` to stdio; resolves when the connection closes. */
async function serve(loader: SkillLoader): Promise<void> {
  // Loaded on demand: the other commands never need the SDK, an optional peer dependency.
  const { createSkillsMcpServer } = await import('../../mcp/index.js');
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = createSkillsMcpServer(loader);
  const closed = new Promise<void>((resolve) => {
    const previous = server.server.onclose;
    server.server.onclose = () => {
      previous?.();
      resolve();
    };
  });
  // The transport does not end on its own when the client closes stdin.
  process.stdin.once('end', () => void server.close());
  await server.connect(new StdioServerTransport(process.stdin, process.stdout));
  await closed;
}
