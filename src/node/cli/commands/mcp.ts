/**
 * `satchel mcp <path…>`: the skills under each path (and of a store
 * namespace, with `--store`), watched, served as an MCP server over stdio
 * until stdin closes. stdout carries the protocol
 * alone; everything for a person goes to stderr.
 * @module
 */
import { isSkillError } from '../../../format/errors.js';
import { resolveLimits } from '../../../format/types.js';
import { SkillLoader } from '../../../loader/loader.js';
import { COMMANDS } from '../commands.js';
import type { CliFlags, CliIo } from '../io.js';
import { plural, skillErrorText } from '../output/print.js';
import { hiddenSkills, hiddenText } from '../paths/hidden.js';
import { checkFolders, cliSource, discoveryBounds } from '../paths/inputs.js';
import { openCliStore } from '../paths/store-input.js';
import { BoundedStdioTransport } from './mcp-transport.js';

/** Serves the skills under the given paths over stdio; resolves to the exit code once the client is gone. */
export async function mcpCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const folders = await checkFolders('mcp', flags.paths, io);
  if (folders === undefined) return 1;
  const limits = resolveLimits(flags.limits, COMMANDS.mcp.defaults);
  const bounds = { ...discoveryBounds(limits), includeHidden: flags.includeHidden, watch: true };
  const sources = folders.map((abs) => cliSource(abs, bounds, io.cwd));
  const store = flags.store === undefined ? undefined : await openCliStore('mcp', flags, io, { watch: true });
  if (flags.store !== undefined && store === undefined) return 1;
  // After the folders: a checked-in skill wins its name over a stored one, as the loader's precedence says.
  const loader = new SkillLoader({ builtin: store === undefined ? sources : [...sources, store.source], limits });
  const stop = async (): Promise<void> => {
    loader.close();
    for (const source of sources) source.close?.();
    await store?.close();
  };
  try {
    await loader.loadAll();
  } catch (e) {
    await stop();
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText('mcp', e, io.cwd));
    return 1;
  }
  io.err.write(`satchel mcp: serving ${plural(loader.size, 'skill')} over stdio\n`);
  const hidden = hiddenText(await hiddenSkills(folders, loader.diagnostics, limits), io.cwd);
  if (hidden !== undefined) io.err.write(`satchel mcp: ${hidden}\n`);
  const fatal = await serve(loader);
  await stop();
  if (fatal === undefined) return 0;
  io.err.write(`satchel mcp: ${fatal}\n`);
  return 1;
}

/** Connects an MCP server over `loader` to stdio; resolves when the connection closes, with the reason if input ended it. */
async function serve(loader: SkillLoader): Promise<string | undefined> {
  // Loaded on demand: the other commands never need the SDK, an optional peer dependency.
  const { createSkillsMcpServer } = await import('../../../mcp/index.js');
  let fatal: string | undefined;
  const transport = new BoundedStdioTransport(process.stdin, process.stdout, { onFatal: (reason) => (fatal = reason) });
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
  await server.connect(transport);
  await closed;
  return fatal;
}
