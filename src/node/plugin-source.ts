/**
 * `pluginSource`: Agent Plugins v1 folders on disk (Node) as a skill source.
 * @module
 */
import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { throwIfAborted } from '../format/errors.js';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { assertReadPath, notFound, sourceDiagnostic } from '../sources/inventory.js';
import { isPluginJunk, PLUGIN_LIMITS, PLUGIN_MANIFEST, pluginListing, type PluginListingOptions, type PluginTree } from '../sources/plugin.js';
import type { SkillSource, SourceCallOptions, SourceListing } from '../sources/source.js';
import { directorySource, type DirectorySourceOptions } from './directory/directory-source.js';
import { folderBounds, listFolder, withFolderWatch } from './directory/folder-source.js';
import { readFolder } from './directory/folder-entries.js';
import { isPluginFolder, readPlugin, type PluginReadOptions } from './plugin-files.js';

/** Options of {@link pluginSource}: the directory source's bounds (used per skill) and the per-plugin ones. */
export interface PluginSourceOptions extends Omit<DirectorySourceOptions, 'includeHidden'>, PluginListingOptions {}

/**
 * A source over one plugin folder, or a folder of plugin folders (each
 * holding `plugin.json` or `skills/`). Every `skills/<name>/SKILL.md` is a
 * skill whose readable files are its own folder plus the plugin's shared
 * `references/`, `schemas/`, `scripts/`, `shared/` and `assets/`, listed
 * as its SKILL.md refers to them (`../../shared/util.py`); a sibling
 * skill's folder is never among them. The entries carry the plugin's
 * identity (`plugin.json`'s `name` and `version`).
 *
 * Refused with a diagnostic, the rest still loading: a skill name two
 * plugins contribute (`duplicate-skill`, naming both), a plugin over 2,000
 * files or 64 MiB (`limit-exceeded`), a symbolic link or special file
 * anywhere in a plugin. A malformed `plugin.json` is a `plugin-manifest`
 * warning and the plugin is named after its folder. Junk (`.DS_Store`,
 * `.git/`, `__pycache__/`, caches, build output, hidden entries) is left out.
 * Files are opened as the directory source opens them: non-blocking, never
 * through a link, proven inside the root.
 *
 * @example
 * ```ts
 * import { pluginSource, SkillLoader } from 'satchel/node'
 * const loader = new SkillLoader({ builtin: pluginSource('./plugins', { watch: true }) })
 * await loader.loadAll()
 * ```
 */
export function pluginSource(dir: string, options: PluginSourceOptions = {}): SkillSource {
  const name = options.name ?? `plugins:${dir}`;
  const bounds = {
    ...folderBounds(options, 'pluginSource', ['maxPluginFiles', 'maxPluginBytes']),
    maxPluginFiles: options.maxPluginFiles ?? PLUGIN_LIMITS.maxPluginFiles,
    includeHidden: false,
  };
  const absolute = resolve(dir);
  const display = dir.replaceAll('\\', '/');
  // Reads go through a directory source over the same root: the same path checks and hardened opens.
  const files = directorySource(dir, { name, maxFileBytes: bounds.maxFileBytes, ...(options.beforeOpen ? { beforeOpen: options.beforeOpen } : {}) });
  const source: SkillSource = {
    name,
    list(call: SourceCallOptions = {}): Promise<SourceListing> {
      return listFolder(absolute, name, call, options.nameFromFolder, async (root) => {
        const { trees, diagnostics } = await readPlugins({ ...bounds, root, display, signal: call.signal }, basename(absolute));
        const listing = pluginListing(trees, options);
        return { entries: listing.entries, diagnostics: [...diagnostics, ...listing.diagnostics] };
      });
    },
    async read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      assertReadPath(path); // an unsafe path is refused as such before anything else
      if (isPluginJunk(path)) throw notFound(path, name);
      return files.read(path, call);
    },
  };
  return withFolderWatch(source, absolute, options);
}

/** The plugins under the root: the root itself when it is one, else each plugin folder in it. */
async function readPlugins(
  o: Omit<PluginReadOptions, 'display'> & { display: string },
  rootName: string,
): Promise<{ trees: PluginTree[]; diagnostics: Diagnostic[] }> {
  const top = await readFolder(o.root, '', false);
  if (isPluginFolder(top)) return { trees: [await readPlugin(o, '', rootName, top)], diagnostics: [] };
  const trees: PluginTree[] = [];
  // Every folder looked into counts against maxFolders, as the directory walk counts its own.
  const left = top.folders.slice(o.maxFolders);
  for (const folder of top.folders.slice(0, o.maxFolders)) {
    throwIfAborted(o.signal);
    const inner = await readFolder(o.root, folder, false);
    if (isPluginFolder(inner)) trees.push(await readPlugin(o, folder, folder, inner));
  }
  const diagnostics =
    left.length === 0
      ? []
      : [
          sourceDiagnostic(
            'discovery-limit',
            `Discovery stopped at maxFolders (${o.maxFolders}): ${left.length} more folder${left.length === 1 ? ' was' : 's were'} not searched for plugins, first \`${left[0]}\`.`,
            left[0] as string,
          ),
        ];
  return { trees, diagnostics };
}

/**
 * True when `abs` is a plugin folder (it holds `plugin.json`) or a folder
 * of them (a subfolder does): how the CLI and `loadSkills` choose a plugin
 * source over a directory source. Links are not followed; an unreadable
 * folder is no plugin.
 */
export function holdsPlugins(abs: string): boolean {
  const manifestIn = (folder: string): boolean => {
    try {
      return readdirSync(folder, { withFileTypes: true }).some((d) => d.name === PLUGIN_MANIFEST && d.isFile());
    } catch {
      return false;
    }
  };
  if (manifestIn(abs)) return true;
  try {
    return readdirSync(abs, { withFileTypes: true }).some((d) => d.isDirectory() && !d.name.startsWith('.') && manifestIn(join(abs, d.name)));
  } catch {
    return false;
  }
}
