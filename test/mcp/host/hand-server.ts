// A Skills Extension server built by hand on the official SDK's low-level Server, with zod schemas of its own for
// skills/list, skills/get and resources/read: the host is tested against it, so it depends on nothing of Satchel's own
// server. Web APIs only (Web Crypto, btoa), so it runs in Node and in a browser worker alike. Hooks make it hostile.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { parse } from 'yaml';
import { z } from 'zod';

/** Files by path from the server's skill root (`refunds/SKILL.md`, `refunds/references/a.md`). */
export type HandFiles = Record<string, string | Uint8Array>;

/** One entry as the server lists it. */
export interface HandEntry {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources?: { uri: string; digest: string; size: number }[] | 'dynamic';
}

/** How the server behaves. */
export interface HandOptions {
  /** Entries per skills/list page (default 50). */
  pageSize?: number;
  /** The ttlMs of every result (default 60,000). */
  ttlMs?: number;
  /** Rewrites each entry before it is sent (wrong digests, sizes, names, …). */
  entry?: (entry: HandEntry) => HandEntry;
  /** Rewrites the bytes a resources/read serves. */
  bytes?: (uri: string, bytes: Uint8Array) => Uint8Array;
  /** URIs skills/list leaves out (a partial listing); skills/get still answers for them. */
  hide?: readonly string[];
  /** skills/list never answers. */
  hang?: boolean;
  /** Declares the extension (default true). */
  declare?: boolean;
}

/** A hand-built server and what it was asked. */
export interface HandServer {
  readonly server: Server;
  /** Every request's method and, for reads and gets, its URI. */
  readonly calls: string[];
  /** Replaces the files served. */
  setFiles(files: HandFiles): void;
  /** Resolves once the entries of the files served are worked out (so a timing measures the host alone). */
  ready(): Promise<void>;
}

const ListSkillsRequest = z.object({ method: z.literal('skills/list'), params: z.object({ cursor: z.string().optional() }).loose().optional() });
const GetSkillRequest = z.object({ method: z.literal('skills/get'), params: z.object({ uri: z.string() }).loose() });
const ReadRequest = z.object({ method: z.literal('resources/read'), params: z.object({ uri: z.string() }).loose() });

const encoder = new TextEncoder();
const bytesOf = (content: string | Uint8Array): Uint8Array => (typeof content === 'string' ? encoder.encode(content) : content);

async function sha256(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256:${[...hash].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The skill folders of `files`: every folder holding a SKILL.md (any case), with the file's name. */
function skillFolders(files: HandFiles): { dir: string; fileName: string }[] {
  return Object.keys(files)
    .filter((p) => p.slice(p.lastIndexOf('/') + 1).toLowerCase() === 'skill.md')
    .map((p) => ({ dir: p.slice(0, p.lastIndexOf('/')), fileName: p.slice(p.lastIndexOf('/') + 1) }))
    .sort((a, b) => (a.dir < b.dir ? -1 : 1));
}

const uriOf = (path: string): string => `skill://${path}`;

/** Every skill's entry: complete, so each lists every file under its folder, a nested skill's files too. */
async function entriesOf(files: HandFiles): Promise<HandEntry[]> {
  const folders = skillFolders(files);
  const isSkillDir = new Set(folders.map((f) => f.dir));
  const byDir = new Map<string, string[]>();
  for (const path of Object.keys(files)) {
    for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
      const dir = path.slice(0, end);
      if (isSkillDir.has(dir)) byDir.set(dir, [...(byDir.get(dir) ?? []), path]);
    }
  }
  const digests = new Map(await Promise.all(Object.keys(files).map(async (p) => [p, await sha256(bytesOf(files[p] ?? ''))] as const)));
  return folders.map(({ dir, fileName }) => {
    const text = new TextDecoder().decode(bytesOf(files[`${dir}/${fileName}`] ?? ''));
    const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    const frontmatter = (parse(yaml) ?? {}) as Record<string, unknown>;
    const resources = (byDir.get(dir) ?? []).map((p) => ({ uri: uriOf(p), digest: digests.get(p) ?? '', size: bytesOf(files[p] ?? '').byteLength }));
    return { uri: uriOf(`${dir}/${fileName}`), frontmatter, resources };
  });
}

const complete = (ttlMs: number) => ({ resultType: 'complete', ttlMs, cacheScope: 'private' });

function contentOf(uri: string, bytes: Uint8Array): { uri: string; text: string } | { uri: string; blob: string } {
  try {
    return { uri, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { uri, blob: btoa(String.fromCharCode(...bytes)) };
  }
}

/** A server over `initial`, connected by the caller to any transport. */
export function handServer(initial: HandFiles, options: HandOptions = {}): HandServer {
  let files = initial;
  const calls: string[] = [];
  const ttlMs = options.ttlMs ?? 60_000;
  const pageSize = options.pageSize ?? 50;
  const extensions = options.declare === false ? {} : { extensions: { 'io.modelcontextprotocol/skills': {} } };
  const server = new Server({ name: 'hand-skills', version: '1.0.0' }, { capabilities: { resources: { listChanged: true }, ...extensions } });
  // Worked out once per set of files; the hooks run on every request (a test may change what they do).
  let built: { files: HandFiles; entries: Promise<HandEntry[]> } | undefined;
  const entries = async (): Promise<HandEntry[]> => {
    if (built?.files !== files) built = { files, entries: entriesOf(files) };
    return (await built.entries).map((e) => options.entry?.(e) ?? e);
  };
  server.setRequestHandler(ListSkillsRequest, async (request) => {
    calls.push('skills/list');
    if (options.hang === true) await new Promise(() => undefined);
    const start = Number(request.params?.cursor ?? '0');
    const all = (await entries()).filter((e) => !(options.hide ?? []).includes(e.uri));
    const next = start + pageSize < all.length ? { nextCursor: String(start + pageSize) } : {};
    return { skills: all.slice(start, start + pageSize), ...next, ...complete(ttlMs) };
  });
  server.setRequestHandler(GetSkillRequest, async (request) => {
    calls.push(`skills/get ${request.params.uri}`);
    const skill = (await entries()).find((e) => e.uri === request.params.uri);
    if (!skill) throw new McpError(-32602, `No skill ${request.params.uri}`);
    return { skill, ...complete(ttlMs) };
  });
  server.setRequestHandler(ReadRequest, async (request) => {
    const { uri } = request.params;
    calls.push(`resources/read ${uri}`);
    const path = uri.startsWith('skill://') ? uri.slice('skill://'.length) : undefined;
    const content = path === undefined ? undefined : files[path];
    if (content === undefined) throw new McpError(-32602, `No resource ${uri}`);
    const bytes = options.bytes?.(uri, bytesOf(content)) ?? bytesOf(content);
    return { contents: [contentOf(uri, bytes)] };
  });
  return {
    server,
    calls,
    setFiles(next) {
      files = next;
    },
    async ready() {
      await entries();
    },
  };
}
