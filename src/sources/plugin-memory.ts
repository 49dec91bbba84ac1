/**
 * `memoryPluginSource`: plugins held in memory, as a record of files, so
 * the browser (a Vite bundle, a store import) carries plugins the way
 * `pluginSource` reads them from disk. Isomorphic.
 * @module
 */
import { unsafePathReason, PLUGIN_SHARED_FOLDERS } from '../shared/paths.js';
import { assertLimits } from '../format/types.js';
import { fileInputOf, inMemorySource, isBytes, notFound, toBytes } from './inventory.js';
import { memorySource, type MemoryFiles } from './memory.js';
import { isPluginJunk, PLUGIN_MANIFEST, pluginListing, type PluginListingOptions, type PluginTree } from './plugin.js';
import { joinSourcePath, markNameFromFolder, type NameFromFolderOption, type SkillSource, type SourceListing } from './source.js';

/** Options of {@link memoryPluginSource}. */
export interface MemoryPluginSourceOptions extends NameFromFolderOption, PluginListingOptions {
  /** Deepest nesting of a resource path inside its skill folder (default 8). */
  maxNesting?: number;
  /** Name shown in diagnostics (default `plugins`). */
  name?: string;
}

/**
 * A source over plugins held in memory. The record is one plugin (keys
 * `plugin.json`, `skills/<name>/SKILL.md`, `shared/…`) or several, one per
 * top-level folder (`finance/plugin.json`, `finance/skills/dcf/SKILL.md`, …);
 * a folder is a plugin when it holds `plugin.json` or `skills/`. See
 * {@link pluginListing} for what each skill may read.
 *
 * @example
 * ```ts
 * const source = memoryPluginSource({
 *   'finance/plugin.json': '{"name":"finance","version":"1.2.0"}',
 *   'finance/skills/dcf/SKILL.md': text,
 *   'finance/shared/util.py': 'def npv(): ...',
 * })
 * const loader = new SkillLoader({ builtin: source })
 * ```
 */
export function memoryPluginSource(files: MemoryFiles, options: MemoryPluginSourceOptions = {}): SkillSource {
  const name = options.name ?? 'plugins';
  assertLimits(options, ['maxNesting', 'maxPluginFiles', 'maxPluginBytes'], 'memoryPluginSource');
  const snapshot = new Map(Object.entries(files));
  let listing: Promise<SourceListing> | undefined;
  const source = inMemorySource(
    name,
    () => ({ entries: [], diagnostics: [] }),
    (path) => {
      const content = snapshot.get(path);
      if (content === undefined || isPluginJunk(path)) throw notFound(path, name);
      return toBytes(content).slice();
    },
  );
  return {
    ...source,
    list: async (call) => {
      await source.list(call); // the abort check every source makes
      listing ??= buildListing(snapshot, options);
      return markNameFromFolder(await listing, options.nameFromFolder);
    },
  };
}

async function buildListing(files: ReadonlyMap<string, string | Uint8Array>, options: MemoryPluginSourceOptions): Promise<SourceListing> {
  const safe = [...files]
    .filter(([key, value]) => unsafePathReason(key, Number.POSITIVE_INFINITY) === undefined && (typeof value === 'string' || isBytes(value)))
    .map(([key]) => key);
  const root = safe.some((k) => k === PLUGIN_MANIFEST || k.startsWith('skills/'));
  const dirs = root ? [''] : [...new Set(safe.filter((k) => /^[^/]+\/(plugin\.json$|skills\/)/.test(k)).map((k) => k.slice(0, k.indexOf('/'))))].sort();
  const trees: PluginTree[] = [];
  for (const dir of dirs) trees.push(await treeOf(files, safe, dir, options));
  return pluginListing(trees, options);
}

/** The plugin at `dir` (`''` for the root) of a record of files (`keys` its safe paths), as {@link pluginListing} takes it. */
export async function treeOf(
  files: ReadonlyMap<string, string | Uint8Array>,
  keys: readonly string[],
  dir: string,
  options: MemoryPluginSourceOptions,
): Promise<PluginTree> {
  const prefix = dir === '' ? '' : `${dir}/`;
  const skillsPrefix = `${prefix}skills/`;
  const own: Record<string, string | Uint8Array> = {};
  const shared = [];
  for (const key of keys) {
    if (!key.startsWith(prefix)) continue;
    const rel = key.slice(prefix.length);
    const value = files.get(key) as string | Uint8Array;
    if (key.startsWith(skillsPrefix)) own[key.slice(skillsPrefix.length)] = value;
    else if (PLUGIN_SHARED_FOLDERS.includes(rel.slice(0, rel.indexOf('/'))) && !isPluginJunk(rel)) shared.push(fileInputOf(rel, value));
  }
  const inner = await memorySource(own, options.maxNesting === undefined ? {} : { maxNesting: options.maxNesting }).list();
  const manifest = files.get(`${prefix}${PLUGIN_MANIFEST}`);
  return {
    dir,
    folder: dir === '' ? 'plugin' : dir,
    ...(manifest === undefined ? {} : { manifest }),
    manifestPath: joinSourcePath(dir, PLUGIN_MANIFEST),
    skills: inner.entries.map((e) => ({ ...e, dir: joinSourcePath(`${prefix}skills`, e.dir), path: `${skillsPrefix}${e.path}` })),
    shared,
    problems: inner.diagnostics,
  };
}
