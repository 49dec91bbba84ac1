/**
 * Listing by metadata: what a source that lists lazily gives for an entry (its SKILL.md cut to the front matter, its
 * files as an inventory without contents, `lazy` set), and the `readSkill` that gives the whole entry back.
 * docs/loader.md, "Eager and lazy sources".
 * @module
 */
import { SkillError } from '../format/errors.js';
import { splitFrontmatter } from '../format/frontmatter.js';
import type { LazyEntry, SkillEntry, SourceCallOptions, SourceListing } from './source.js';

const decoder = new TextDecoder();

/**
 * `entry` as a lazy listing gives it: the SKILL.md text cut to its front matter (lines unchanged, so diagnostics point
 * where they would), resource files without contents, a skill object without its body, and `lazy`. Text whose front
 * matter cannot be framed is kept whole: parsing it reports the same problem an eager load would.
 */
export function metadataEntry(entry: SkillEntry, lazy: LazyEntry = {}): SkillEntry {
  const files = entry.files?.map(({ content: _content, ...file }) => file);
  const text = entry.text === undefined ? undefined : frontmatterOnly(typeof entry.text === 'string' ? entry.text : decoder.decode(entry.text));
  return {
    ...entry,
    ...(text === undefined ? {} : { text }),
    ...(files === undefined ? {} : { files }),
    ...(entry.skill === undefined ? {} : { skill: { ...entry.skill, content: '' } }),
    lazy,
  };
}

/** The SKILL.md's front matter block alone (`---` lines included), or the text as it is when it has none that closes. */
export function frontmatterOnly(text: string): string {
  const bare = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const split = splitFrontmatter(bare);
  return 'frame' in split ? `---\n${split.frame.yaml}---\n` : text;
}

/**
 * `readSkill` over an eager listing: the entry of skill folder `dir`, whole, as `list` gives it; `NOT_FOUND` for a
 * folder it does not list.
 */
export function readSkillOf(name: string, list: (options: SourceCallOptions) => Promise<SourceListing>) {
  return async (dir: string, options: SourceCallOptions = {}): Promise<SkillEntry> => {
    const { entries } = await list(options);
    const entry = entries.find((e) => e.dir === dir);
    if (!entry) throw new SkillError('NOT_FOUND', `Source ${name} lists no skill folder \`${dir}\`.`, { path: dir });
    return entry;
  };
}
