/**
 * Publishing plugins: each plugin of a folder (one holding `plugin.json`,
 * or a folder of them) becomes one deterministic `.tar.gz` of the plugin —
 * `plugin.json`, its skills and its shared folders, as `pluginSource` reads
 * them — and one entry of the index's `plugins` list, merged into what the
 * index already lists.
 * @module
 */
import { gzipSync } from 'fflate';
import { createTar } from 'nanotar';
import { createDiagnostic, type Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import { isRecord } from '../../format/fields/values.js';
import { parseSkill } from '../../format/parse.js';
import { sha256Digest } from '../../shared/hash.js';
import { isPluginSharedPath } from '../../shared/paths.js';
import { compareVersions, parseVersion } from '../../shared/semver.js';
import { decodeUtf8 } from '../../shared/text.js';
import { PLUGIN_MANIFEST } from '../../sources/plugin.js';
import { joinSourcePath, type SkillEntry, type SkillSource } from '../../sources/source.js';
import { pluginSource, type PluginSourceOptions } from '../plugin-source.js';
import { readIndexFile, writeFileIn, writeIndexFile, type PublishedPlugin } from './index-file.js';

/** What {@link publishPlugins} wrote. */
export interface PluginPublishResult {
  /** Absolute path of the index written. */
  readonly index: string;
  /** The plugins of the folder, published now or already published with the same bytes. */
  readonly plugins: readonly PublishedPlugin[];
  /** Why a plugin was left out, and the listing's notes. */
  readonly diagnostics: readonly Diagnostic[];
}

// The same header fields as a skill archive: the same plugin always gives the same bytes.
const TAR_ATTRS = { mode: '644', uid: 0, gid: 0, mtime: 0, user: '', group: '' };
const MAX_TAR_NAME = 100;
const encoder = new TextEncoder();

/** One plugin of the folder, ready to pack. */
interface PluginPack {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  /** Archive member names (from the plugin's root) and the source paths they are read from. */
  readonly members: ReadonlyMap<string, string>;
}

/**
 * Publishes every plugin under `dir` into the index folder `root`
 * (`<out>/.well-known/agent-skills`): `plugins/<name>/<name>-<version>.tar.gz`
 * and an entry `{ name, version, type: "archive", description?, url, digest }`.
 * The index keeps its `skills` and every other plugin version; publishing a
 * version again with the same bytes changes nothing. A plugin without a
 * semver `version`, or with a skill that does not parse, is left out
 * (`plugin-archive`).
 *
 * @throws {SkillError} `CONFLICT` when the index already lists one of these versions with other bytes (a published
 *   version never changes: bump `version`), or `root/index.json` is no index; nothing is written.
 */
export async function publishPlugins(dir: string, root: string, options: PluginSourceOptions = {}): Promise<PluginPublishResult> {
  const source = pluginSource(dir, options);
  const listing = await source.list();
  const diagnostics: Diagnostic[] = [...listing.diagnostics];
  const packs: PluginPack[] = [];
  for (const [pluginDir, entries] of byPlugin(listing.entries)) {
    const pack = await packOf(source, pluginDir, entries, diagnostics);
    if (pack) packs.push(pack);
  }
  const index = await readIndexFile(root);
  const built: { entry: PublishedPlugin; path: string; bytes: Uint8Array }[] = [];
  for (const pack of packs) {
    const archive = await archiveOf(source, pack);
    const path = `plugins/${pack.name}/${pack.name}-${pack.version}.tar.gz`;
    const described = pack.description === undefined ? {} : { description: pack.description };
    const entry: PublishedPlugin = { name: pack.name, version: pack.version, type: 'archive', ...described, url: path, digest: sha256Digest(archive) };
    refuseChangedVersion(index.plugins, entry);
    built.push({ entry, path, bytes: archive });
  }
  for (const b of built) await writeFileIn(root, b.path, b.bytes);
  const kept = index.plugins.filter((p) => !built.some((b) => isRecord(p) && p['name'] === b.entry.name && p['version'] === b.entry.version));
  const plugins = [...kept, ...built.map((b) => b.entry)].sort(byNameAndVersion);
  const written = await writeIndexFile(root, { skills: index.skills, plugins });
  return { index: written, plugins: built.map((b) => b.entry), diagnostics };
}

/** The listed skills grouped by the plugin folder they ship in (`''` for a root plugin), in listing order. */
function byPlugin(entries: readonly SkillEntry[]): Map<string, SkillEntry[]> {
  const groups = new Map<string, SkillEntry[]>();
  for (const entry of entries) {
    const at = entry.dir.startsWith('skills/') ? -1 : entry.dir.indexOf('/skills/');
    const pluginDir = at < 0 ? '' : entry.dir.slice(0, at);
    groups.set(pluginDir, [...(groups.get(pluginDir) ?? []), entry]);
  }
  return groups;
}

/** What goes into one plugin's archive, or `undefined` (with a diagnostic) when it cannot be published. */
async function packOf(source: SkillSource, pluginDir: string, entries: readonly SkillEntry[], diagnostics: Diagnostic[]): Promise<PluginPack | undefined> {
  const manifestPath = joinSourcePath(pluginDir, PLUGIN_MANIFEST);
  const refuse = (why: string): undefined =>
    void diagnostics.push(createDiagnostic('plugin-archive', 'runtime', `${why}; the plugin was not published.`, manifestPath));
  const manifest = await source.read(manifestPath).then(
    (bytes) => manifestOf(bytes),
    () => undefined,
  );
  if (manifest === undefined) return refuse(`\`${manifestPath}\` is not a JSON object with a kebab-case \`name\``);
  const { name, version, description } = manifest;
  if (version === undefined || parseVersion(version) === undefined)
    return refuse(`Plugin ${name} has no semver \`version\` (\`1.2.0\`) in \`${manifestPath}\``);
  const members = new Map<string, string>([[PLUGIN_MANIFEST, manifestPath]]);
  const rel = (path: string): string => (pluginDir === '' ? path : path.slice(pluginDir.length + 1));
  let valid = true;
  for (const entry of entries) {
    const problems = [...(entry.diagnostics ?? []), ...parsedErrors(entry)].filter((d) => d.severity === 'error');
    diagnostics.push(...problems);
    if (problems.length > 0) valid = false;
    const fileName = entry.fileName ?? 'SKILL.md';
    members.set(rel(joinSourcePath(entry.dir, fileName)), joinSourcePath(entry.dir, fileName));
    for (const f of entry.files ?? []) {
      // A shared file (`../../shared/x`) is the plugin's `shared/x`, packed once however many skills read it.
      const at = isPluginSharedPath(f.path) ? joinSourcePath(pluginDir, f.path.slice(6)) : joinSourcePath(entry.dir, f.path);
      members.set(rel(at), at);
    }
  }
  if (!valid) return refuse(`A skill of plugin ${name} is not valid (see above)`);
  const long = [...members.keys()].find((m) => encoder.encode(m).byteLength > MAX_TAR_NAME);
  if (long !== undefined) return refuse(`\`${long}\` is longer than ${MAX_TAR_NAME} bytes, more than a tar header holds`);
  return { name, version, ...(description === undefined ? {} : { description }), members };
}

function manifestOf(bytes: Uint8Array): { name: string; version?: string; description?: string } | undefined {
  const text = decodeUtf8(bytes);
  let data: unknown;
  try {
    data = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(data) || typeof data['name'] !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(data['name'])) return undefined;
  const version = typeof data['version'] === 'string' ? { version: data['version'] } : {};
  const description = typeof data['description'] === 'string' && data['description'].trim() !== '' ? { description: data['description'] } : {};
  return { name: data['name'], ...version, ...description };
}

/** The parse errors of a listed skill (the loader parses it again; this is only to refuse an invalid plugin). */
function parsedErrors(entry: SkillEntry): readonly Diagnostic[] {
  const folder = entry.folder ?? entry.dir.slice(entry.dir.lastIndexOf('/') + 1);
  const parsed = parseSkill(entry.text ?? '', { path: entry.path, folder, ...(entry.files === undefined ? {} : { files: entry.files }) });
  return parsed.errors;
}

/** The deterministic `.tar.gz` of a plugin: members sorted by name, fixed headers, gzip level 9 with mtime 0. */
async function archiveOf(source: SkillSource, pack: PluginPack): Promise<Uint8Array> {
  const names = [...pack.members.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const members: { name: string; data: Uint8Array }[] = [];
  for (const name of names) members.push({ name, data: await source.read(pack.members.get(name) as string) });
  return gzipSync(createTar(members, { attrs: TAR_ATTRS }), { level: 9, mtime: 0 });
}

/** `CONFLICT` when the index lists `entry`'s name and version with another digest: a published version never changes. */
function refuseChangedVersion(listed: readonly unknown[], entry: PublishedPlugin): void {
  const same = listed.find((p) => isRecord(p) && p['name'] === entry.name && p['version'] === entry.version);
  if (same === undefined || (same as Record<string, unknown>)['digest'] === entry.digest) return;
  throw new SkillError(
    'CONFLICT',
    `The index already publishes ${entry.name}@${entry.version} with other bytes (${String((same as Record<string, unknown>)['digest'])}); a published version never changes, so nothing was written. Bump \`version\` in plugin.json.`,
  );
}

function byNameAndVersion(a: unknown, b: unknown): number {
  const key = (p: unknown): [string, string] => (isRecord(p) ? [String(p['name']), String(p['version'])] : ['', '']);
  const [an, av] = key(a);
  const [bn, bv] = key(b);
  if (an !== bn) return an < bn ? -1 : 1;
  const x = parseVersion(av);
  const y = parseVersion(bv);
  if (x && y) return compareVersions(x, y);
  return av < bv ? -1 : av > bv ? 1 : 0;
}
