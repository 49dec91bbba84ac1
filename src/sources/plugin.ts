/**
 * Plugins (Agent Plugins v1 layout) as skill listings, for every
 * environment: a plugin folder holds `plugin.json`, `skills/<name>/SKILL.md`
 * and shared folders (`references/`, `schemas/`, `scripts/`, `shared/`,
 * `assets/`). Each plugin skill is an ordinary entry whose files are its own
 * plus the plugin's shared ones, listed as `../../shared/util.py` — the
 * path its SKILL.md uses — so a shared file feeds the digest of every skill
 * that can read it, and a sibling skill's folder is never among them. The
 * plugin's `plugin.json` is among them too, as `../../plugin.json`.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { isRecord } from '../format/fields/values.js';
import { parseSkill } from '../format/parse.js';
import { decodeUtf8 } from '../shared/text.js';
import { joinSourcePath, type BundleIdentity, type SkillEntry, type SkillFileInput, type SourceListing } from './source.js';
import { fileInputOf, sortListing, sourceDiagnostic } from './inventory.js';

/** The plugin manifest's file name. */
export const PLUGIN_MANIFEST = 'plugin.json';

/** Per-plugin bounds, from the MD-first seed: 2,000 files and 64 MB. */
export const PLUGIN_LIMITS = Object.freeze({ maxPluginFiles: 2000, maxPluginBytes: 64 * 1024 * 1024 });

/** Per-plugin bounds of a plugin source. */
export interface PluginLimits {
  /** Most files in one plugin, manifest, SKILL.md files and shared files included (default 2,000). */
  maxPluginFiles?: number;
  /** Most bytes in one plugin (default 64 MiB). */
  maxPluginBytes?: number;
}

/** Options of {@link pluginListing} (and of the plugin sources): the per-plugin bounds, and what each skill may read. */
export interface PluginListingOptions extends PluginLimits {
  /**
   * List the plugin's `plugin.json` among the files of each of its skills (those at `skills/<name>`), as
   * `../../plugin.json`, the seed's "metadata" among a plugin skill's resources. Default false: a skill knows its plugin
   * by `bundle` (`{ name, version }`); published plugins (`publishedPluginSource`) set it.
   */
  readableManifest?: boolean;
}

/** One plugin as an environment found it, before it becomes entries. */
export interface PluginTree {
  /** The plugin folder from the source root (`''` when the root is the plugin). */
  readonly dir: string;
  /** The folder's own name: the plugin's name when `plugin.json` gives none. */
  readonly folder: string;
  /** `plugin.json` as read; absent when the plugin has none. */
  readonly manifest?: string | Uint8Array;
  /** True when `plugin.json` is there but was refused (too large, a link): its refusal is in `problems`, not "missing". */
  readonly manifestRefused?: boolean;
  /** Where `plugin.json` is, for diagnostics. */
  readonly manifestPath: string;
  /** The skills, as a source over `skills/` listed them, with `dir` and `path` already from the source root. */
  readonly skills: readonly SkillEntry[];
  /** The shared files, paths from the plugin folder (`shared/util.py`). */
  readonly shared: readonly SkillFileInput[];
  /** Problems that refuse every skill of the plugin (a link or FIFO among its files, a bound). */
  readonly problems: readonly Diagnostic[];
  /** Problems of the listing that refuse nothing (a search bound, a hidden folder skipped). */
  readonly notes?: readonly Diagnostic[];
}

const JUNK_NAMES: ReadonlySet<string> = new Set([
  '.DS_Store',
  'Thumbs.db',
  '.git',
  '__pycache__',
  'node_modules',
  'dist',
  'build',
  'out',
  'coverage',
  '.cache',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.venv',
  '.tox',
]);

/** True for what a plugin never packages: hidden entries, caches, build output, `.pyc` files. */
export function isPluginJunk(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') || JUNK_NAMES.has(part) || part.endsWith('.pyc') || part.endsWith('.pyo'));
}

/** The plugin's identity from `plugin.json`, falling back to the folder name with a `plugin-manifest` warning. */
export function readPluginManifest(tree: Pick<PluginTree, 'folder' | 'manifest' | 'manifestPath' | 'manifestRefused'>): {
  bundle: BundleIdentity;
  diagnostics: Diagnostic[];
} {
  const fallback = (why: string): { bundle: BundleIdentity; diagnostics: Diagnostic[] } => ({
    bundle: { name: tree.folder },
    diagnostics: [sourceDiagnostic('plugin-manifest', `${why}; the plugin is named after its folder, \`${tree.folder}\`.`, tree.manifestPath)],
  });
  if (tree.manifest === undefined && tree.manifestRefused === true) return { bundle: { name: tree.folder }, diagnostics: [] };
  if (tree.manifest === undefined) return fallback(`The plugin has no \`${PLUGIN_MANIFEST}\``);
  const text = typeof tree.manifest === 'string' ? tree.manifest : decodeUtf8(tree.manifest);
  if (text === undefined) return fallback(`\`${PLUGIN_MANIFEST}\` is not UTF-8 text`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fallback(`\`${PLUGIN_MANIFEST}\` is not valid JSON (${(e as Error).message})`);
  }
  if (!isRecord(data)) return fallback(`\`${PLUGIN_MANIFEST}\` is not a JSON object`);
  const { name, version } = data;
  if (typeof name !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) || name.length > 64)
    return fallback(`\`${PLUGIN_MANIFEST}\` has no kebab-case \`name\``);
  if (version !== undefined && typeof version !== 'string') {
    return {
      bundle: { name },
      diagnostics: [sourceDiagnostic('plugin-manifest', `\`version\` in \`${PLUGIN_MANIFEST}\` is not text; it is ignored.`, tree.manifestPath)],
    };
  }
  return { bundle: version === undefined ? { name } : { name, version }, diagnostics: [] };
}

/**
 * The listing of `trees`: every plugin skill as an entry carrying its
 * bundle identity and the shared files, with junk left out. A plugin over a
 * bound, or with a problem, has each of its skills refused with the reason;
 * a skill whose folder name an earlier plugin already contributed is
 * refused with `duplicate-skill`, naming both plugins.
 */
export function pluginListing(trees: readonly PluginTree[], limits: PluginListingOptions = {}): SourceListing {
  const maxFiles = limits.maxPluginFiles ?? PLUGIN_LIMITS.maxPluginFiles;
  const maxBytes = limits.maxPluginBytes ?? PLUGIN_LIMITS.maxPluginBytes;
  const diagnostics: Diagnostic[] = [];
  const entries: SkillEntry[] = [];
  const owners = new Map<string, string>();
  const plugins = new Map<string, PluginTree>();
  for (const tree of trees) {
    const { bundle, diagnostics: manifestProblems } = readPluginManifest(tree);
    diagnostics.push(...manifestProblems, ...(tree.notes ?? []));
    const shared = tree.shared.filter((f) => !isPluginJunk(f.path)).map((f) => ({ ...f, path: `../../${f.path}` }));
    const skills = tree.skills.map((e) => ({ ...e, files: (e.files ?? []).filter((f) => !isPluginJunk(f.path)) }));
    const problems = [...tree.problems, ...boundProblems(tree, skills, shared, maxFiles, maxBytes), ...claimProblems(plugins, tree, bundle.name)];
    // The plugin's metadata is readable by each of its skills, as `../../plugin.json` (the seed's "metadata").
    const manifest = tree.manifest === undefined || limits.readableManifest !== true ? [] : [fileInputOf(`../../${PLUGIN_MANIFEST}`, tree.manifest)];
    // With no skill to carry them (a `skills` link, say), the plugin's problems are the listing's: never silent.
    if (skills.length === 0) diagnostics.push(...problems);
    for (const entry of skills) {
      const name = contributedName(entry);
      const owner = owners.get(name);
      const duplicate =
        owner === undefined
          ? []
          : [
              sourceDiagnostic(
                'duplicate-skill',
                `Skill "${name}" is contributed by plugin "${owner}" and again by plugin "${bundle.name}"; the one in "${bundle.name}" is refused.`,
                entry.path,
              ),
            ];
      if (owner === undefined) owners.set(name, bundle.name);
      const extra = [...problems.map((p) => ({ ...p, path: entry.path })), ...duplicate];
      const all = [...(entry.diagnostics ?? []), ...extra];
      // `../../` reaches the plugin's root only from `skills/<name>`: a skill nested deeper is not given the manifest.
      const meta = entry.dir === joinSourcePath(tree.dir, `skills/${entry.dir.slice(entry.dir.lastIndexOf('/') + 1)}`) ? manifest : [];
      entries.push({ ...entry, files: [...entry.files, ...shared, ...meta], bundle, ...(all.length > 0 ? { diagnostics: all } : {}) });
    }
  }
  return { entries: sortListing(entries), diagnostics };
}

/**
 * A `duplicate-plugin` error when an earlier plugin of the listing already
 * claims `name` (two folders whose `plugin.json` say one name): the later
 * plugin's skills are refused, naming both folders.
 */
function claimProblems(claimed: Map<string, PluginTree>, tree: PluginTree, name: string): Diagnostic[] {
  const first = claimed.get(name);
  if (first === undefined) {
    claimed.set(name, tree);
    return [];
  }
  const where = (t: PluginTree): string => `\`${t.dir === '' ? '.' : t.dir}\``;
  const message = `Plugin "${name}" is claimed by the plugin at ${where(first)} and again by the one at ${where(tree)}; the one at ${where(tree)} is refused.`;
  return [sourceDiagnostic('duplicate-plugin', message, tree.manifestPath)];
}

/**
 * The name a plugin skill contributes: its front matter's `name` when the
 * SKILL.md gives one that parses, else its folder's. (The loader parses it
 * again with the source's options; this is only for the duplicate check.)
 */
function contributedName(entry: SkillEntry): string {
  const folder = entry.folder ?? entry.dir.slice(entry.dir.lastIndexOf('/') + 1);
  if (entry.text === undefined) return folder;
  return parseSkill(entry.text, { folder, nameFromFolder: true }).skill?.name ?? folder;
}

/** The plugin's file count and bytes against its bounds, as errors. */
function boundProblems(tree: PluginTree, skills: readonly SkillEntry[], shared: readonly SkillFileInput[], maxFiles: number, maxBytes: number): Diagnostic[] {
  const sizeOf = (text: string | Uint8Array | undefined): number =>
    text === undefined ? 0 : typeof text === 'string' ? new TextEncoder().encode(text).byteLength : text.byteLength;
  let files = (tree.manifest === undefined ? 0 : 1) + shared.length;
  let bytes = sizeOf(tree.manifest) + shared.reduce((sum, f) => sum + (f.size ?? 0), 0);
  for (const entry of skills) {
    files += 1 + (entry.files?.length ?? 0);
    bytes += sizeOf(entry.text) + (entry.files ?? []).reduce((sum, f) => sum + (f.size ?? 0), 0);
  }
  const where = joinSourcePath(tree.dir, PLUGIN_MANIFEST);
  if (files > maxFiles)
    return [sourceDiagnostic('limit-exceeded', `The plugin holds ${files} files, more than maxPluginFiles (${maxFiles}); its skills are skipped.`, where)];
  if (bytes > maxBytes)
    return [sourceDiagnostic('limit-exceeded', `The plugin holds ${bytes} bytes, more than maxPluginBytes (${maxBytes}); its skills are skipped.`, where)];
  return [];
}
