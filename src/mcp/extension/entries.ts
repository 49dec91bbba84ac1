/**
 * One skill as a `skills/list` entry: `{ uri, frontmatter, resources }`,
 * its front matter as written (the SKILL.md's YAML as JSON, every key kept)
 * and every file, SKILL.md first, as `{ uri, digest, size }`. A skill the
 * extension cannot serve as the Final text requires is withheld, with a
 * diagnostic saying why: over 512 files or 16 MiB, a front matter whose
 * `name` is not the skill's (or breaks the naming rules), a file outside the
 * skill's directory (a plugin's shared file), a file whose bytes no one
 * holds, a URI that `skill://<name>/<path>` already gives another file.
 * @module
 */
import type { Skill, SkillFile } from '../../format/types.js';
import { splitFrontmatter } from '../../format/frontmatter.js';
import { readYaml } from '../../format/yaml/read.js';
import { MAX_FRONTMATTER_BYTES } from '../../format/parse.js';
import { sha256Digest } from '../../shared/hash.js';
import { decodeUtf8 } from '../../shared/text.js';
import { SKILL_FILE } from '../../sources/inventory.js';
import { parseSkillResourceUri } from '../resource-uris.js';
import { SKILLS_EXTENSION_LIMITS } from './capability.js';
import { holdsEveryFile, skillFileBytes, type FileReads } from './file-bytes.js';
import { skillEntryUri, skillFileUri } from './skill-uris.js';

/** One file of an entry. */
export interface SkillsExtensionResource {
  readonly uri: string;
  /** `sha256:` + 64 lower-case hex digits of the file's bytes. */
  readonly digest: string;
  /** Bytes. */
  readonly size: number;
}

/** A skill as `skills/list` and `skills/get` give it. */
export interface SkillsExtensionEntry {
  /** The URI of its SKILL.md. */
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillsExtensionResource[];
}

/** Why a skill is not listed. */
export type SkillsExtensionDiagnosticCode = 'limit-exceeded' | 'frontmatter-mismatch' | 'outside-directory' | 'uri-collision' | 'content-unavailable';

/** A skill the extension withholds, as the server's log notification carries it. */
export interface SkillsExtensionDiagnostic {
  readonly code: SkillsExtensionDiagnosticCode;
  /** The skill's name. */
  readonly skill: string;
  /** The URI its entry would have had. */
  readonly uri: string;
  readonly message: string;
}

/** A listed file: the SKILL.md (with its entry's digest and size, the skill's name and description) or a supporting file. */
export type ListedFile =
  | { readonly skillFile: true; readonly digest: string; readonly size: number; readonly name: string; readonly description: string }
  | { readonly skillFile: false; readonly file: SkillFile };

/** A skill made an entry, with what each of its URIs names; or withheld. */
export type BuiltEntry =
  | { readonly entry: SkillsExtensionEntry; readonly skill: Skill; readonly files: ReadonlyMap<string, ListedFile> }
  | { readonly withheld: SkillsExtensionDiagnostic };

/** What building an entry needs: the reads, the skills by name (for `skill://<name>/<path>`) and a lazy skill read in full. */
export interface EntryContext {
  readonly reads: FileReads;
  readonly byName: ReadonlyMap<string, Skill>;
  readonly inFull: (skill: Skill) => Promise<Skill>;
}

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The entry of `listed` (read in full first when it is known by its metadata only), or why it is withheld. */
export async function buildEntry(listed: Skill, ctx: EntryContext): Promise<BuiltEntry> {
  const skill = listed.loaded === false ? await ctx.inFull(listed) : listed;
  const uri = skillEntryUri(skill);
  const withhold = (code: SkillsExtensionDiagnosticCode, message: string): BuiltEntry => ({ withheld: { code, skill: skill.name, uri, message } });
  const { maxFiles, maxBytes } = SKILLS_EXTENSION_LIMITS;
  if (skill.files.length + 1 > maxFiles)
    return withhold('limit-exceeded', `Skill "${skill.name}" has ${skill.files.length + 1} files; a listed skill has at most ${maxFiles}.`);
  if (skill.loaded === false) return withhold('content-unavailable', `Skill "${skill.name}" is known by its metadata only, and no loader reads it in full.`);
  const refs = fileRefs(skill);
  if (typeof refs === 'string') return withhold('outside-directory', refs);
  const clash = [{ uri, path: SKILL_FILE }, ...refs.map((ref) => ({ uri: ref.uri, path: ref.file.path }))].find((ref) =>
    collides(ref.uri, skill, ref.path, ctx.byName),
  );
  if (clash) return withhold('uri-collision', `${clash.uri} already names another skill's file as skill://<name>/<path>; rename the plugin or the skill.`);
  if (!holdsEveryFile(skill)) return withhold('content-unavailable', `Skill "${skill.name}" was made in memory and holds no bytes for its binary files.`);
  const bytes = await skillFileBytes(skill, ctx.reads);
  const total = skill.files.reduce((sum, f) => sum + f.size, bytes.byteLength);
  if (total > maxBytes) return withhold('limit-exceeded', `Skill "${skill.name}" holds ${total} bytes; a listed skill holds at most ${maxBytes}.`);
  const frontmatter = frontmatterAsWritten(bytes);
  const problem = frontmatterProblem(skill, frontmatter);
  if (problem !== undefined || frontmatter === undefined) return withhold('frontmatter-mismatch', problem ?? '');
  const head: SkillsExtensionResource = { uri, digest: sha256Digest(bytes), size: bytes.byteLength };
  const files = new Map<string, ListedFile>([
    [uri, { skillFile: true, digest: head.digest, size: head.size, name: skill.name, description: String(frontmatter['description']) }],
  ]);
  for (const ref of refs) files.set(ref.uri, { skillFile: false, file: ref.file });
  const resources = [head, ...refs.map((ref) => ({ uri: ref.uri, digest: ref.file.digest, size: ref.file.size }))];
  return { entry: { uri, frontmatter, resources }, skill, files };
}

/** The URI of each file, or a sentence naming a file no URI can carry. */
function fileRefs(skill: Skill): { uri: string; file: SkillFile }[] | string {
  const refs: { uri: string; file: SkillFile }[] = [];
  for (const file of skill.files) {
    const uri = skillFileUri(skill, file.path);
    if (uri === undefined)
      return `File \`${file.path}\` of skill "${skill.name}" lies outside the skill's directory (a plugin's shared file), where the Final text allows no resource.`;
    refs.push({ uri, file });
  }
  return refs;
}

/** True when `uri`, read as `skill://<name>/<path>`, names a listed file other than `path` of `skill`. */
function collides(uri: string, skill: Skill, path: string, byName: ReadonlyMap<string, Skill>): boolean {
  const old = parseSkillResourceUri(uri);
  if (old === undefined) return false;
  if (old.name === skill.name && old.path === path) return false;
  const other = byName.get(old.name);
  return other?.files.some((f) => f.path === old.path) === true;
}

/** The front matter of SKILL.md `bytes` as its YAML reads (as JSON data), or `undefined` when it is not plain YAML. */
export function frontmatterAsWritten(bytes: Uint8Array): Record<string, unknown> | undefined {
  const text = decodeUtf8(bytes);
  if (text === undefined) return undefined;
  const split = splitFrontmatter(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (!('frame' in split)) return undefined;
  const read = readYaml(split.frame.yaml, MAX_FRONTMATTER_BYTES);
  // Recovered YAML (an unquoted colon) is not what a host's YAML parser reads from the file.
  if (read.problems.some((p) => p.code === 'yaml-unquoted-colon')) return undefined;
  return read.data;
}

/** Why `frontmatter` cannot head `skill`'s entry: the Final text wants `name` (the URI's last segment) and `description`. */
function frontmatterProblem(skill: Skill, frontmatter: Record<string, unknown> | undefined): string | undefined {
  if (frontmatter === undefined) return `The SKILL.md of skill "${skill.name}" has no front matter a YAML parser reads as written.`;
  const { name, description } = frontmatter;
  if (name !== skill.name)
    return `The front matter of skill "${skill.name}" gives \`name\` ${JSON.stringify(name) ?? 'nothing'}; its URI ends in "${skill.name}".`;
  if (!NAME_PATTERN.test(skill.name) || skill.name.length > 64) return `The name "${skill.name}" breaks the Agent Skills naming rules.`;
  if (typeof description !== 'string' || description.trim() === '') return `The front matter of skill "${skill.name}" has no \`description\`.`;
  return undefined;
}
