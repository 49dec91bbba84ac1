/**
 * A loaded skill as the files a sandbox receives: its whole tree under its
 * canonical path (`/skills/<name>/…`, or `/skills/<plugin>/skills/<name>/…`
 * with the plugin's shared files at `/skills/<plugin>/shared/…`), every
 * file's bytes as its source holds them, read and checked before anything
 * is written.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { parseSkill } from '../../format/parse.js';
import { serializeSkill } from '../../format/serialize.js';
import type { ResolvedLimits, Skill, SkillFile } from '../../format/types.js';
import { isPluginSharedPath, unsafePathReason } from '../../shared/paths.js';
import { isSkillFileName, SKILL_FILE, toBytes } from '../../sources/inventory.js';
import { originOf } from '../../sources/origin.js';
import { sandboxPath } from './sandbox-path.js';

/** One file of a projection: its sandbox path and its bytes. */
export interface ProjectedFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** What a sandbox receives for one skill. */
export interface SkillProjection {
  readonly name: string;
  readonly digest: string;
  /** The skill's SKILL.md in the sandbox: its canonical path. */
  readonly path: string;
  /** Every folder the files need, each after its parent (`/skills`, `/skills/pdf`, `/skills/pdf/references`). */
  readonly dirs: readonly string[];
  /** The resource files, then the SKILL.md last: a SKILL.md in the sandbox means its files are there. */
  readonly files: readonly ProjectedFile[];
}

/** How a projection reads a skill: the loader's own read path. */
export interface ProjectionReads {
  readonly limits: ResolvedLimits;
  /** The skill in full (a lazy one read through its source first). */
  inFull(skill: Skill): Promise<Skill>;
  /** A listed file's bytes, read through the skill's source and checked against its digest. */
  file(skill: Skill, file: SkillFile): Promise<Uint8Array>;
  /** The bytes at `path` of the skill's folder as its source holds them, unchecked (for the SKILL.md). */
  raw(skill: Skill, path: string): Promise<Uint8Array>;
}

// Files of one skill read at once: enough to overlap a remote or disk source's latency, few enough to stay gentle.
const READS_AT_ONCE = 8;

/**
 * Reads `listed` whole for a sandbox. Rejects, writing nothing, when a file cannot be read or does not match the digest
 * the skill was loaded with (`DIGEST_MISMATCH`, the SKILL.md included), or when a name is no plain path name (`UNSAFE_PATH`).
 */
export async function projectSkill(listed: Skill, reads: ProjectionReads): Promise<SkillProjection> {
  const skill = await reads.inFull(listed);
  const layout = layoutOf(skill);
  const paths = skill.files.map((file) => layout.fileParts(file.path));
  const bytes = await readAll(skill.files, (file) => reads.file(skill, file));
  const skillMd = await skillFileBytes(skill, bytes, reads);
  const files: ProjectedFile[] = skill.files.map((_, i) => ({ path: sandboxPath(paths[i] ?? []), bytes: bytes[i] ?? new Uint8Array() }));
  files.push({ path: sandboxPath(layout.skillMd), bytes: skillMd });
  return { name: skill.name, digest: skill.digest, path: sandboxPath(layout.skillMd), dirs: foldersOf([...paths, layout.skillMd]), files };
}

interface Layout {
  readonly skillMd: readonly string[];
  /** The sandbox names of a listed file path. */
  fileParts(path: string): readonly string[];
}

/** Where `skill`'s files go: its folder, and for a plugin skill the plugin's folder, which its shared files (`../../x`) reach. */
function layoutOf(skill: Skill): Layout {
  const bundle = originOf(skill)?.bundle;
  const pluginRoot = bundle === undefined ? undefined : ['skills', bundle.name];
  const root = pluginRoot === undefined ? ['skills', skill.name] : [...pluginRoot, 'skills', skill.name];
  return {
    skillMd: [...root, SKILL_FILE],
    fileParts(path: string): readonly string[] {
      if (pluginRoot !== undefined && isPluginSharedPath(path)) return [...pluginRoot, ...path.slice(6).split('/')];
      const reason = unsafePathReason(path, Number.POSITIVE_INFINITY);
      if (reason !== undefined) throw new SkillError('UNSAFE_PATH', `File \`${path}\` of skill "${skill.name}" cannot go into a sandbox: ${reason}.`, { path });
      return [...root, ...path.split('/')];
    },
  };
}

/** Every folder holding one of `files`, parents first, once each. */
function foldersOf(files: readonly (readonly string[])[]): string[] {
  const folders = new Set<string>();
  for (const parts of files) for (let end = 1; end < parts.length; end++) folders.add(sandboxPath(parts.slice(0, end)));
  return [...folders];
}

/** `read` of every file, a few at a time, in the files' order. */
async function readAll(files: readonly SkillFile[], read: (file: SkillFile) => Promise<Uint8Array>): Promise<Uint8Array[]> {
  const out = new Array<Uint8Array>(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) out[i] = await read(files[i] as SkillFile);
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, files.length) }, worker));
  return out;
}

/**
 * The SKILL.md bytes as the skill's source holds them, checked by parsing them with the files read: they must give
 * the very digest the skill was loaded with. A skill no source listed (an upsert, a subagent spec) has its SKILL.md
 * written from the skill itself (`serializeSkill`).
 */
async function skillFileBytes(skill: Skill, files: readonly Uint8Array[], reads: ProjectionReads): Promise<Uint8Array> {
  if (originOf(skill) === undefined) return toBytes(serializeSkill(skill));
  const fileName = skillFileNameOf(skill);
  const bytes = await reads.raw(skill, fileName);
  const parsed = parseSkill(bytes, {
    // A SKILL.md without `name` loaded under its folder's name, which is the skill's: parsed the same way again.
    folder: skill.name,
    nameFromFolder: true,
    fileName,
    source: skill.source,
    maxFileBytes: reads.limits.maxFileBytes,
    maxNesting: reads.limits.maxNesting,
    files: skill.files.map((file, i) => ({ path: file.path, size: file.size, isText: file.isText, digest: file.digest, content: files[i] ?? '' })),
  });
  if (parsed.skill?.digest !== skill.digest) {
    throw new SkillError('DIGEST_MISMATCH', `The SKILL.md of skill "${skill.name}" does not match the digest it was loaded with; reload the skills.`, {
      path: fileName,
    });
  }
  return bytes;
}

/** The skill file's name as its source found it (`SKILL.md`, or a case variant such as `skill.md`), from the skill's path. */
export function skillFileNameOf(skill: Skill): string {
  const path = skill.path ?? '';
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return isSkillFileName(base) ? base : SKILL_FILE;
}
