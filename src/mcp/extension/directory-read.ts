/**
 * `resources/directory/read`: the direct children of a directory of the
 * skills served, files with their resource metadata and subdirectories as
 * `inode/directory`, paged like `resources/list`. The directories are those
 * the listed files imply: a skill's root (`skill://pdf`), its subfolders, a
 * plugin's folder and its `skills/` and shared folders. Anything else (a
 * file, an unknown URI) is `-32602`.
 * @module
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { contentTypeOf } from '../../shared/content-type.js';
import type { ResolvedExtensionOptions } from './capability.js';
import type { ListedFile } from './entries.js';
import { cursorParam, invalidParams, pageOf, paramsOf, uriParam } from './params.js';
import { ReadDirectoryRequestSchema } from './schemas.js';
import type { ServedEntries } from './served.js';

/** The content type of directory resources. */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

const METHOD = 'resources/directory/read';

/** Answers `resources/directory/read` on `server` from `served`. */
export function handleDirectoryRead(server: Server, served: ServedEntries, options: ResolvedExtensionOptions): void {
  server.setRequestHandler(ReadDirectoryRequestSchema, async (request) => {
    const params = paramsOf(request.params, METHOD);
    const uri = uriParam(params, METHOD);
    const after = cursorParam(params, METHOD);
    const children = uri.endsWith('/') ? [] : childrenOf(uri, await served.sameAuthority(uri));
    if (children.length === 0) throw invalidParams(`${METHOD}: ${uri} is not a directory of the skills this server serves.`);
    const { page, nextCursor } = pageOf(children, (c) => c.uri, after, options.pageSize);
    return nextCursor === undefined ? { resources: page } : { resources: page, nextCursor };
  });
}

/** The direct children of `dir` among the files the entries list, sorted by URI. */
function childrenOf(dir: string, entries: readonly { readonly files: ReadonlyMap<string, ListedFile> }[]): Resource[] {
  const prefix = `${dir}/`;
  const children = new Map<string, Resource>();
  for (const { files } of entries) {
    for (const [uri, listed] of files) {
      if (!uri.startsWith(prefix)) continue;
      const rest = uri.slice(prefix.length);
      const slash = rest.indexOf('/');
      const segment = slash === -1 ? rest : rest.slice(0, slash);
      const child = prefix + segment;
      if (children.has(child)) continue;
      children.set(child, slash === -1 ? fileResource(child, segment, listed) : { uri: child, name: decoded(segment), mimeType: DIRECTORY_MIME_TYPE });
    }
  }
  return [...children.values()].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}

function fileResource(uri: string, segment: string, listed: ListedFile): Resource {
  const name = decoded(segment);
  // A SKILL.md's resource is named and described by its front matter, as the extension says it should be.
  if (listed.skillFile) return { uri, name: listed.name, description: listed.description, mimeType: 'text/markdown', size: listed.size };
  return { uri, name, mimeType: contentTypeOf(listed.file.path, listed.file.isText), size: listed.file.size };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
