/**
 * `satchelSkills({ lazy: true })`: a bundle split into its metadata, for the start-up chunk, and chunks that hold
 * the skills whole, each imported when the loader first uses one of its skills. docs/loader.md, "Eager and lazy sources".
 * @module
 */
import type { SkillBundle, SkillBundleChunk, SkillBundleEntry } from '../sources/bundle.js';
import { frontmatterOnly } from '../sources/lazy-listing.js';

/** How many skills one chunk holds unless told otherwise: small enough that the first use fetches little. */
export const DEFAULT_SKILLS_PER_CHUNK = 16;

/** A bundle split for lazy loading: the metadata bundle (its entries name their `chunk`) and the chunks. */
export interface SplitBundle {
  readonly metadata: SkillBundle;
  readonly chunks: readonly SkillBundleChunk[];
}

/** Splits `bundle`: every entry that loads (no listing error) goes, whole, into a chunk of `perChunk` skills. */
export function splitBundle(bundle: SkillBundle, perChunk: number = DEFAULT_SKILLS_PER_CHUNK): SplitBundle {
  const chunks: SkillBundleEntry[][] = [];
  const entries = bundle.entries.map((entry) => {
    if ((entry.diagnostics ?? []).some((d) => d.severity === 'error')) return entry;
    let last = chunks.at(-1);
    if (!last || last.length >= perChunk) chunks.push((last = []));
    last.push(entry);
    return metadataOf(entry, chunks.length - 1);
  });
  return { metadata: { ...bundle, entries }, chunks: chunks.map((chunked) => ({ entries: chunked })) };
}

/** The entry's metadata: its front matter, its files without contents, its pre-parsed skill without the body. */
function metadataOf(entry: SkillBundleEntry, chunk: number): SkillBundleEntry {
  const { body: _body, skill, ...rest } = entry;
  return {
    ...rest,
    // A pre-parsed skill is its metadata: the front matter text would only repeat it (it is in the chunk, whole).
    text: skill === undefined ? frontmatterOnly(entry.text) : '',
    files: entry.files.map(({ content: _content, base64: _base64, ...file }) => file),
    ...(skill === undefined ? {} : { skill: { ...skill, content: '' } }),
    chunk,
  };
}

/** The start-up module: the metadata bundle, with a dynamic import per chunk (`<id>/chunk/<n>`). */
export function startupModule(split: SplitBundle, id: string): string {
  const imports = split.chunks.map((_, i) => `() => import(${JSON.stringify(chunkId(id, i))})`);
  // JSON.parse of a string literal is faster for engines than the same data as an object literal.
  return `const bundle = JSON.parse(${JSON.stringify(JSON.stringify(split.metadata))});\nexport default { ...bundle, chunks: [${imports.join(', ')}] };\n`;
}

/** The module of chunk `index`. */
export function chunkModule(split: SplitBundle, index: number): string | undefined {
  const chunk = split.chunks[index];
  return chunk === undefined ? undefined : `export default JSON.parse(${JSON.stringify(JSON.stringify(chunk))});\n`;
}

/** The module id of chunk `index` of the bundle served as `id`. */
export function chunkId(id: string, index: number): string {
  return `${id}/chunk/${index}`;
}

/** The chunk index an id names, for the bundle served as `id`; `undefined` for any other id. */
export function chunkIndexOf(id: string, source: string): number | undefined {
  const prefix = `${id}/chunk/`;
  if (!source.startsWith(prefix)) return undefined;
  const index = Number(source.slice(prefix.length));
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}
