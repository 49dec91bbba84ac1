/**
 * The Skills Extension on an SDK `Server`: `skills/list`, `skills/get` and
 * `resources/directory/read` answered, and the reads of listed files for
 * `resources/read`, behind the grants `skills.read` needs. A skill withheld from the listing is told to the client
 * as a log message (`notifications/message`, level `warning`, logger
 * {@link SKILLS_EXTENSION_LOGGER}, the diagnostic as `data`).
 * @module
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { checkGrants } from '../../agent/grants.js';
import { SKILLS_READ, SKILLS_READ_GRANT } from '../../agent/tool-names.js';
import type { McpSkillSource } from '../source.js';
import type { ResolvedExtensionOptions } from './capability.js';
import { handleDirectoryRead } from './directory-read.js';
import type { SkillsExtensionDiagnostic } from './entries.js';
import { fileReadsOf } from './file-bytes.js';
import { handleSkillRequests } from './list-handler.js';
import { readListedFile } from './read.js';
import { ServedEntries } from './served.js';

/** The logger name of the extension's log messages. */
export const SKILLS_EXTENSION_LOGGER = 'satchel/skills-extension';

/** Sets the extension's handlers on `server`; returns the read of a listed file, `undefined` for a URI no entry lists. */
export function handleSkillsExtension(
  server: Server,
  source: McpSkillSource,
  options: ResolvedExtensionOptions,
  grants: readonly string[],
): (uri: string) => Promise<ReadResourceResult | undefined> {
  const reads = fileReadsOf(source.limits);
  const served = new ServedEntries(source, reads, (diagnostic) => report(server, diagnostic));
  handleSkillRequests(server, served, options);
  handleDirectoryRead(server, served, options);
  // A file's contents are behind the grants `skills.read` needs, as through the tool and `skill://<name>/<path>`.
  const readGrants = { id: SKILLS_READ, grants: [`tool:${SKILLS_READ}`, SKILLS_READ_GRANT] };
  return (uri) => readListedFile(served, reads, uri, () => checkGrants(readGrants, grants));
}

/** Tells a connected client of a withheld skill; nothing when no client is there. */
function report(server: Server, diagnostic: SkillsExtensionDiagnostic): void {
  if (server.transport === undefined) return;
  server.sendLoggingMessage({ level: 'warning', logger: SKILLS_EXTENSION_LOGGER, data: diagnostic }).catch(() => undefined);
}
