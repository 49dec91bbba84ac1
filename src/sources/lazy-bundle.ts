/**
 * A lazy bundle: the Vite plugin's `satchelSkills({ lazy: true })` ships each skill's metadata (front matter, file
 * inventory, the pre-parsed skill without its body) and the routing index in the start-up chunk, and the skills
 * whole in chunks imported on demand. Its source lists by metadata and reads a skill's chunk when the loader first
 * uses the skill. docs/loader.md, "Eager and lazy sources".
 * @module
 */
import { SkillError, throwIfAborted } from '../format/errors.js';
import { notFound, ownerOf } from './inventory.js';
import type { SkillEntry, SkillSource, SourceCallOptions } from './source.js';

/** Imports one chunk (a dynamic `import()` the plugin writes); its default export holds the chunk's entries whole. */
export type ChunkLoader = () => Promise<{ readonly default: { readonly entries: readonly unknown[] } }>;

/** What a lazy bundle source is made of (`bundleSource` gives it; this file knows no bundle type, to import none). */
export interface LazyBundleParts {
  /** The bundle's entries: those naming a `chunk` are metadata, their skill whole in that chunk. */
  readonly entries: readonly { readonly dir: string; readonly chunk?: number }[];
  readonly chunks: readonly ChunkLoader[];
  /** The eager source over the metadata entries. */
  readonly metadata: SkillSource;
  /** The eager source over one chunk's entries. */
  readonly sourceOf: (entries: readonly unknown[]) => SkillSource;
}

/**
 * The lazy source over a bundle's parts: every entry with a `chunk` lists lazily, promising its pre-parsed skill's
 * digest, and is read whole from its chunk, imported once, on first use.
 */
export function lazyBundleSource({ entries, chunks, metadata, sourceOf }: LazyBundleParts): SkillSource {
  const name = metadata.name;
  const chunkOfDir = new Map<string, number>();
  for (const entry of entries) if (Number.isInteger(entry.chunk)) chunkOfDir.set(entry.dir, entry.chunk as number);
  const sources = new Map<number, Promise<SkillSource>>();
  const chunkSource = (index: number): Promise<SkillSource> => {
    let source = sources.get(index);
    if (!source) {
      source = importChunk(chunks, index, name).then((chunk) => sourceOf(chunk.entries));
      // A failed import (offline, a deploy that removed the chunk) is tried again on the next use.
      source.catch(() => sources.delete(index));
      sources.set(index, source);
    }
    return source;
  };
  const ofDir = (dir: string): Promise<SkillSource> => {
    const index = chunkOfDir.get(dir);
    if (index === undefined) throw new SkillError('NOT_FOUND', `Source ${name} lists no lazy skill folder \`${dir}\`.`, { path: dir });
    return chunkSource(index);
  };
  const readSkill = async (dir: string, call: SourceCallOptions = {}): Promise<SkillEntry> => {
    throwIfAborted(call.signal);
    const entry = (await (await ofDir(dir)).list(call)).entries.find((e) => e.dir === dir);
    if (!entry) throw new SkillError('DIGEST_MISMATCH', `Source ${name}: the chunk of \`${dir}\` does not hold it.`, { path: dir });
    return entry;
  };
  // A metadata entry as listed: lazy; or, when its pre-parsed skill does not fit this library (it then has no text), whole now.
  const listed = (entry: SkillEntry, call: SourceCallOptions): Promise<SkillEntry> | SkillEntry => {
    if (!chunkOfDir.has(entry.dir)) return entry;
    if (entry.skill === undefined && entry.text === '') return readSkill(entry.dir, call);
    return { ...entry, lazy: promised(entry) };
  };
  return {
    name,
    async list(call: SourceCallOptions = {}) {
      const listing = await metadata.list(call);
      return { ...listing, entries: await Promise.all(listing.entries.map((entry) => listed(entry, call))) };
    },
    readSkill,
    async read(path: string, call: SourceCallOptions = {}) {
      throwIfAborted(call.signal);
      const owner = ownerOf(path, chunkOfDir);
      if (!owner) return metadata.read(path, call);
      return (await ofDir(owner[0])).read(path, call).catch((e: unknown) => {
        throw e instanceof SkillError && e.code === 'NOT_FOUND' ? notFound(path, name) : e;
      });
    },
  };
}

/** What a lazy entry promises: the pre-parsed skill's digest, when it carries one. */
function promised(entry: SkillEntry): { digest?: string } {
  return entry.skill === undefined ? {} : { digest: entry.skill.digest };
}

async function importChunk(chunks: readonly ChunkLoader[], index: number, name: string): Promise<{ readonly entries: readonly unknown[] }> {
  const load = chunks[index];
  if (typeof load !== 'function') throw new SkillError('SOURCE_FAILED', `Source ${name} has no chunk ${index}.`);
  let chunk: unknown;
  try {
    chunk = (await load()).default;
  } catch (e) {
    throw new SkillError('SOURCE_FAILED', `Source ${name} could not import chunk ${index}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  if (typeof chunk !== 'object' || chunk === null || !Array.isArray((chunk as { entries?: unknown }).entries))
    throw new SkillError('SOURCE_FAILED', `Chunk ${index} of source ${name} is not a bundle chunk ({ entries }).`);
  return chunk as { readonly entries: readonly unknown[] };
}
