/**
 * `publishSkills`: writes a folder of skills as a discovery index
 * (`<out>/.well-known/agent-skills/index.json`, schema 0.2.0) with its
 * artifacts beside it — a lone SKILL.md as a `skill-md` entry, a skill with
 * resources as a deterministic `.tar.gz` `archive` entry — ready for any
 * static host, and read back by `remoteSource` as the same skills with the
 * same digests.
 * @module
 */
import { join, resolve } from 'node:path';
import { gzipSync } from 'fflate';
import { createTar } from 'nanotar';
import { createDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { parseSkill } from '../format/parse.js';
import { sha256Digest } from '../shared/hash.js';
import { joinSourcePath, type SkillEntry, type SkillSource } from '../sources/source.js';
import { nameKey } from '../shared/names.js';
import { directorySource, type DirectorySourceOptions } from './directory/directory-source.js';
import { setProblems } from './load-skills.js';
import { holdsPlugins } from './plugin-source.js';
import { readIndexFile, writeFileIn, writeIndexFile, type PublishedPlugin } from './plugins/index-file.js';
import { publishPlugins } from './plugins/publish-plugins.js';

export type { PublishedPlugin } from './plugins/index-file.js';

/** Where published artifacts go, under the output folder. */
export const PUBLISH_DIR = '.well-known/agent-skills';

/** One published skill, as its index entry says. */
export interface PublishedSkill {
  /** The skill's `name`. */
  readonly name: string;
  /** `skill-md` for a lone SKILL.md, `archive` for a `.tar.gz` of the folder. */
  readonly type: 'skill-md' | 'archive';
  /** The skill's `description`. */
  readonly description: string;
  /** Relative to the index. */
  readonly url: string;
  /** `sha256:` + hex of the artifact's bytes. */
  readonly digest: string;
}

/** What {@link publishSkills} wrote. */
export interface PublishResult {
  /** Absolute path of the index written. */
  readonly index: string;
  readonly skills: readonly PublishedSkill[];
  /** The plugins published (a folder holding `plugin.json`, or a folder of them: docs/remote.md, "Published plugins"); empty for skills. */
  readonly plugins: readonly PublishedPlugin[];
  /** Why a skill was left out (it did not parse, or a path cannot go into a tar header), and the listing's notes. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Options of {@link publishSkills}: the directory source's discovery options. */
export type PublishOptions = Omit<DirectorySourceOptions, 'name' | 'beforeOpen' | 'watch'>;

// Fixed header fields: the same folder always gives the same bytes, whoever packs it and when.
const TAR_ATTRS = { mode: '644', uid: 0, gid: 0, mtime: 0, user: '', group: '' };
/** A ustar name field holds 100 bytes; longer paths are refused rather than cut. */
const MAX_TAR_NAME = 100;
const encoder = new TextEncoder();

/**
 * Publishes every valid skill of `from` into `out`: a folder (read with `options`), or any source — a store namespace
 * through `storeSource(store, namespace)`, so an organisation edits its skills in the database (`satchel/postgres`,
 * `satchel/store`, any `{ search }` store) and every browser reads them through `remoteSource`. A folder that holds
 * plugins (`plugin.json`, or subfolders with one) is published as plugins instead: one archive per plugin version in the
 * index's `plugins` list, merged with the versions already there (docs/remote.md, "Published plugins"). Publishing
 * skills keeps the index's plugins; publishing plugins keeps its skills.
 *
 * @throws {SkillError} `CONFLICT` (with a `duplicate-skill` diagnostic each) when two skills of `from` have one
 *   name, when a plugin version is already published with other bytes, or when `index.json` there is no index;
 *   nothing is written.
 * @example
 * ```ts
 * const { index, skills } = await publishSkills('skills/org', 'public')
 * // public/.well-known/agent-skills/index.json, pdf/SKILL.md, tools.tar.gz, …
 * await publishSkills(storeSource(store, ['acme', 'skills']), 'public')   // the org's skills as the store holds them
 * ```
 */
export async function publishSkills(from: string | SkillSource, out: string, options: PublishOptions = {}): Promise<PublishResult> {
  const root = join(out, PUBLISH_DIR);
  if (typeof from === 'string' && holdsPlugins(resolve(from))) {
    const { includeHidden: _hidden, ...bounds } = options;
    return { ...(await publishPlugins(from, root, bounds)), skills: [] };
  }
  const source = typeof from === 'string' ? directorySource(from, options) : from;
  const listing = await source.list();
  const diagnostics: Diagnostic[] = [...listing.diagnostics];
  const publishable = listing.entries.flatMap((entry) => publishableOf(entry, diagnostics) ?? []);
  refuseNamesUsedTwice(publishable);
  // The plugins an earlier publish put in the index stay listed (read first: a file there that is no index stops the publish).
  const { plugins } = await readIndexFile(root);
  const skills: PublishedSkill[] = [];
  for (const candidate of publishable) {
    const artifact = await artifactOf(source, candidate, diagnostics);
    if (!artifact) continue;
    await writeFileIn(root, artifact.path, artifact.bytes);
    skills.push({
      name: artifact.name,
      type: artifact.type,
      description: artifact.description,
      url: artifact.path.split('/').map(encodeURIComponent).join('/'),
      digest: sha256Digest(artifact.bytes),
    });
  }
  const index = await writeIndexFile(root, { skills, plugins });
  return { index, skills, plugins: [], diagnostics };
}

interface Artifact {
  readonly name: string;
  readonly description: string;
  readonly type: PublishedSkill['type'];
  /** Path under the publish folder. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** A listed skill that parsed: what its index entry needs. */
interface Publishable {
  readonly entry: SkillEntry;
  readonly fileName: string;
  readonly name: string;
  readonly description: string;
}

/** The parse of one listed skill, or `undefined` (with its diagnostics) when it cannot be published. */
function publishableOf(entry: SkillEntry, diagnostics: Diagnostic[]): Publishable | undefined {
  const fileName = entry.fileName ?? 'SKILL.md';
  const parsed = parseSkill(entry.text ?? '', {
    path: entry.path,
    fileName,
    ...(entry.folder === undefined ? {} : { folder: entry.folder }),
    ...(entry.files === undefined ? {} : { files: entry.files }),
  });
  const problems = [...(entry.diagnostics ?? []), ...parsed.errors];
  diagnostics.push(...problems);
  if (!parsed.skill || problems.some((d) => d.severity === 'error')) return undefined;
  return { entry, fileName, name: parsed.skill.name, description: parsed.skill.description };
}

/**
 * An index names each skill once, so a name two skills use (compared as a
 * loader compares names) refuses the publish before anything is written,
 * as it refuses a skill set: `CONFLICT`, with a `duplicate-skill` each.
 */
function refuseNamesUsedTwice(skills: readonly Publishable[]): void {
  const seen = new Map<string, Publishable>();
  const twice: Diagnostic[] = [];
  for (const skill of skills) {
    const first = seen.get(nameKey(skill.name));
    if (first === undefined) seen.set(nameKey(skill.name), skill);
    else {
      const message = `Skill "${skill.name}" has the name of the one at \`${first.entry.path}\`; an index names each skill once.`;
      twice.push(createDiagnostic('duplicate-skill', 'runtime', message, skill.entry.path));
    }
  }
  const conflict = setProblems(twice)[0];
  if (conflict) throw conflict;
}

/** The artifact of one publishable skill, or `undefined` (with a diagnostic) when its paths do not fit a tar header. */
async function artifactOf(source: SkillSource, skill: Publishable, diagnostics: Diagnostic[]): Promise<Artifact | undefined> {
  const { entry, fileName, name, description } = skill;
  // A skill at the root of `dir` has no folder of its own: it is published under its name.
  const base = entry.dir === '' ? name : entry.dir;
  const skillFile = await source.read(joinSourcePath(entry.dir, fileName));
  const files = entry.files ?? [];
  if (files.length === 0) return { name, description, type: 'skill-md', path: `${base}/${fileName}`, bytes: skillFile };
  const members = [{ name: fileName, data: skillFile }];
  for (const f of files) members.push({ name: f.path, data: await source.read(joinSourcePath(entry.dir, f.path)) });
  const long = members.find((m) => encoder.encode(m.name).byteLength > MAX_TAR_NAME);
  if (long) {
    diagnostics.push(
      createDiagnostic(
        'limit-exceeded',
        'runtime',
        `\`${long.name}\` is longer than ${MAX_TAR_NAME} bytes, more than a tar header holds; the skill was not published.`,
        entry.path,
      ),
    );
    return undefined;
  }
  members.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const tar = createTar(members, { attrs: TAR_ATTRS });
  return { name, description, type: 'archive', path: `${base}.tar.gz`, bytes: gzipSync(tar, { level: 9, mtime: 0 }) };
}
