/**
 * Every listed text file of every skill as an MCP resource
 * (`skill://<name>/<path>`, with its content type), read through
 * `skills.read` behind its grants, and the catalog as `skills://catalog`.
 * @module
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { runTool } from '../agent/grants.js';
import { SKILLS_READ } from '../agent/tool-names.js';
import { currentTool } from '../agent/tool-source.js';
import type { ReadFileResult } from '../agent/tools.js';
import { isSkillError } from '../format/errors.js';
import { contentTypeOf } from '../shared/content-type.js';
import { parseSkillResourceUri, skillResourceUri } from './resource-uris.js';
import { skillsOf, type McpSkillSource } from './source.js';

/** The URI of the catalog resource. */
export const CATALOG_URI = 'skills://catalog';

/** A read of the URIs the Skills Extension lists, `undefined` for any other. */
export type ListedRead = (uri: string) => Promise<ReadResourceResult | undefined>;

/**
 * Answers `resources/list` and `resources/read` on `server` from `source`. A URI a Skills Extension entry lists is read
 * by `listed` first (text or blob); any other `skill://` URI is `skill://<name>/<path>`.
 */
export function handleResources(server: Server, source: McpSkillSource, grants: readonly string[], listed?: ListedRead): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [catalogResource(), ...fileResources(source)] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request): Promise<ReadResourceResult> => {
    const uri = request.params.uri;
    if (uri === CATALOG_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: await asMcp(async () => source.catalog()) }] };
    const extension = listed === undefined ? undefined : await asMcp(() => listed(uri));
    if (extension !== undefined) return extension;
    const file = parseSkillResourceUri(uri);
    if (!file) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found: skill files are skill://<name>/<path>.`);
    const read = await asMcp(async () => runTool(currentTool(source, SKILLS_READ), file, { grants }) as Promise<ReadFileResult>);
    return { contents: [{ uri, mimeType: contentTypeOf(read.path, true), text: read.text }] };
  });
}

function catalogResource(): Resource {
  return {
    uri: CATALOG_URI,
    name: 'catalog',
    title: 'Skill catalog',
    description: 'The skills on offer, as a system prompt lists them.',
    mimeType: 'text/markdown',
  };
}

function fileResources(source: McpSkillSource): Resource[] {
  return skillsOf(source).flatMap((skill) =>
    skill.files
      .filter((f) => f.isText)
      .map((f) => ({ uri: skillResourceUri(skill.name, f.path), name: `${skill.name}/${f.path}`, mimeType: contentTypeOf(f.path, true), size: f.size })),
  );
}

/** Runs `read`, turning a SkillError into an MCP error a client can read (`INVALID_PARAMS`, with the code as data). */
export async function asMcp<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isSkillError(error)) throw new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}`, { code: error.code });
    throw error;
  }
}
