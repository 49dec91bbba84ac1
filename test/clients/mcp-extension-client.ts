// The Skills Extension (SEP-2640) from the SDK's own Client: result schemas for its three methods and a connection helper.
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import * as z from 'zod/v4';
import { createSkillsMcpServer, type McpSkillSource, type SkillsMcpServerOptions } from '../../src/mcp/index.js';

const ResourceEntry = z.object({ uri: z.string(), digest: z.string(), size: z.number() }).strict();
const Entry = z.object({ uri: z.string(), frontmatter: z.record(z.string(), z.unknown()), resources: z.array(ResourceEntry) }).strict();
const Caching = { resultType: z.literal('complete'), ttlMs: z.number().int().min(0), cacheScope: z.enum(['public', 'private']) };

/** A `skills/list` page. */
export const ListSkillsResult = z.object({ skills: z.array(Entry), nextCursor: z.string().optional(), ...Caching });
/** A `skills/get` result. */
export const GetSkillResult = z.object({ skill: Entry, ...Caching });
/** A `resources/directory/read` page. */
export const DirectoryResult = z.object({
  resources: z.array(
    z.object({ uri: z.string(), name: z.string(), description: z.string().optional(), mimeType: z.string().optional(), size: z.number().optional() }).strict(),
  ),
  nextCursor: z.string().optional(),
});

export type SkillEntryShape = z.infer<typeof Entry>;

/** `sha256:` + hex of `bytes`, computed apart from Satchel's own hash. */
export function sha256(bytes: Uint8Array | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** Every entry of the listing, page after page. */
export async function listAll(client: Client, cursor?: string): Promise<{ skills: SkillEntryShape[]; pages: number }> {
  const skills: SkillEntryShape[] = [];
  let pages = 0;
  let next = cursor;
  do {
    const page = await client.request({ method: 'skills/list', params: next === undefined ? {} : { cursor: next } }, ListSkillsResult);
    pages++;
    skills.push(...page.skills);
    next = page.nextCursor;
  } while (next !== undefined);
  return { skills, pages };
}

/** The bytes of a `resources/read` result's one content: its text encoded, or its blob decoded. */
export function bytesOfContent(content: { text?: unknown; blob?: unknown } | undefined): Uint8Array {
  if (typeof content?.text === 'string') return new TextEncoder().encode(content.text);
  if (typeof content?.blob === 'string') return Uint8Array.from(Buffer.from(content.blob, 'base64'));
  throw new Error('no content');
}

/** The JSON-RPC error code a promise rejects with. */
export async function rpcCode(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
  return 'resolved';
}

/** A server over `source` and the SDK's client, linked in memory. */
export async function connected(source: McpSkillSource, options: SkillsMcpServerOptions = {}): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = createSkillsMcpServer(source, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'extension-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: async () => Promise.all([client.close(), server.close()]).then(() => undefined) };
}
