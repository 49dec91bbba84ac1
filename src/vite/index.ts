/**
 * `satchel/vite`: a Vite plugin that bundles a `skills/` folder into the app
 * as the builtin source. At build (and dev-serve) time it reads the folder
 * with the directory source and serves a virtual module whose default
 * export is a {@link SkillBundle}; in the browser, `bundleSource(bundle)`
 * lists and reads it with no server. The bundle ships the skills already
 * parsed and the routing index (`bundle.parsed.index`), so a page parses no
 * YAML and builds no index at start.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * import { defineConfig } from 'vite'
 * import { satchelSkills } from 'satchel/vite'
 * export default defineConfig({ plugins: [satchelSkills({ dir: 'skills' })] })
 *
 * // app code (types: `/// <reference types="satchel/vite/client" />`)
 * import bundle from 'virtual:satchel/skills'
 * import { SkillLoader, bundleSource } from 'satchel'
 * const loader = new SkillLoader({ builtin: bundleSource(bundle) }) // starts from the bundle's skills and index
 * await loader.loadAll()
 * ```
 * @module
 */
import { relative, resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatDiagnostic, type Diagnostic } from '../format/diagnostics/diagnostic.js';
import { parseSkill } from '../format/parse.js';
import { joinSourcePath } from '../sources/source.js';
import type { SkillBundle } from '../sources/bundle.js';
import type { SkillLimits } from '../format/types.js';
import type { Embedder } from '../routing/meaning/embedder.js';
import { buildSkillBundle } from '../node/build-bundle.js';
import { SkillError } from '../format/errors.js';
import { chunkIndexOf, chunkModule, DEFAULT_SKILLS_PER_CHUNK, splitBundle, startupModule, type SplitBundle } from './lazy-chunks.js';

export type { SkillBundle, SkillBundleEntry, SkillBundleFile } from '../sources/bundle.js';

/** The virtual module id the plugin serves by default. */
export const DEFAULT_SKILLS_MODULE_ID = 'virtual:satchel/skills';

/** Options of {@link satchelSkills}. */
export interface SatchelSkillsOptions {
  /** The skills folder, relative to Vite's `root` or absolute (default `skills`). */
  dir?: string;
  /** The module id to import the bundle from (default `virtual:satchel/skills`). */
  id?: string;
  /** Discovery and per-file bounds (`maxDepth`, `maxFolders`, `maxNesting`, `maxFileBytes`, `maxFilesPerSkill`), as for the directory source. */
  limits?: SkillLimits;
  /** Also search hidden folders (default false). */
  includeHidden?: boolean;
  /** Embed binary resource files as base64 (default true); with false they are listed but `read()` refuses them. */
  embedBinary?: boolean;
  /**
   * Ship the skills already parsed, with the routing index (default true): no YAML parsing and no indexing at start,
   * for a bundle about 2.8 times the size. With false the page parses the texts (see docs/worker.md for when a
   * smaller download wins).
   */
  preparse?: boolean;
  /** An embedder to precompute the skills' vectors with at build time (`bundle.vectors`; see `buildSkillBundle`). */
  embedder?: Embedder;
  /**
   * Ship only the skills' metadata and the routing index in the importing chunk, and the skills whole in chunks of
   * `skillsPerChunk` (default 16) that the loader imports when it first uses one of their skills (default false:
   * one module holds everything). docs/loader.md, "Eager and lazy sources".
   */
  lazy?: boolean | { readonly skillsPerChunk?: number };
}

/** How long the dev server waits for a burst of file events (a save, a checkout) to settle before reloading. */
const RELOAD_DELAY_MS = 50;

/**
 * The Vite plugin: serves `id` as a module whose default export is the
 * {@link SkillBundle} of `dir`.
 *
 * Errors and warnings found in the folder (listing problems such as a
 * refused symbolic link, and parse problems such as a missing description)
 * are printed as Vite warnings, `path:line:column code severity: message`;
 * every diagnostic also travels in the bundle, so the loader reports it in
 * the browser. The build never fails because of a bad skill: the loader
 * skips it. In dev the folder is watched: any change, addition or removal
 * invalidates the module and reloads the page.
 *
 * @example
 * ```ts
 * satchelSkills({ dir: 'src/skills', limits: { maxFileBytes: 64 * 1024 } })
 * ```
 */
export function satchelSkills(options: SatchelSkillsOptions = {}): Plugin {
  const id = options.id ?? DEFAULT_SKILLS_MODULE_ID;
  const resolvedId = `\0${id}`;
  let root = process.cwd();
  let dir = resolve(root, options.dir ?? 'skills');
  let building = false;
  let pending: Promise<SkillBundle> | undefined;
  const build = (): Promise<SkillBundle> =>
    (pending ??= buildSkillBundle(dir, {
      root,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.includeHidden === undefined ? {} : { includeHidden: options.includeHidden }),
      ...(options.embedBinary === undefined ? {} : { embedBinary: options.embedBinary }),
      ...(options.preparse === undefined ? {} : { preparse: options.preparse }),
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
    }).catch((error: unknown) => {
      pending = undefined; // Retry on the next load instead of caching a failure.
      throw error;
    }));

  const { lazy, split } = lazyParts(options.lazy, build);

  return {
    name: 'satchel-skills',
    configResolved(config) {
      root = config.root;
      dir = resolve(root, options.dir ?? 'skills');
      building = config.command === 'build';
    },
    buildStart() {
      pending = undefined; // Each (watch-mode) build reads the folder afresh.
    },
    resolveId(source) {
      return source === id || (lazy !== undefined && chunkIndexOf(id, source) !== undefined) ? `\0${source}` : undefined;
    },
    async load(loadId) {
      const chunk = lazy === undefined ? undefined : chunkIndexOf(resolvedId, loadId);
      if (chunk !== undefined) return chunkModule(await split(), chunk);
      if (loadId !== resolvedId) return undefined;
      const bundle = await build();
      for (const line of reportLines(bundle)) this.warn(line);
      // `vite build --watch` rebuilds when a bundled file changes (the dev server watches the folder itself).
      if (building) for (const file of bundledFiles(dir, bundle)) this.addWatchFile(file);
      if (lazy !== undefined) return startupModule(await split(), id);
      // JSON.parse of a string literal is faster for engines than the same data as an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(bundle))});\n`;
    },
    configureServer(server) {
      watchSkills(server, dir, () => {
        pending = undefined;
        for (const environment of Object.values(server.environments)) {
          for (const [moduleId, node] of environment.moduleGraph.idToModuleMap)
            if (moduleId === resolvedId || chunkIndexOf(resolvedId, moduleId) !== undefined) environment.moduleGraph.invalidateModule(node);
        }
        server.config.logger.info(`satchel: ${shown(root, dir)} changed, reloading`, { timestamp: true });
        server.hot.send({ type: 'full-reload', path: '*' });
      });
    },
  };
}

/**
 * The checked `lazy` option, and the split of the bundle `build` gives, made once per build: the start-up module and
 * every chunk module read the same one.
 */
function lazyParts(
  value: SatchelSkillsOptions['lazy'],
  build: () => Promise<SkillBundle>,
): { lazy: { skillsPerChunk: number } | undefined; split: () => Promise<SplitBundle> } {
  const lazy = lazyOption(value);
  let splitting: { of: Promise<SkillBundle>; split: Promise<SplitBundle> } | undefined;
  const split = (): Promise<SplitBundle> => {
    const of = build();
    if (splitting?.of !== of) splitting = { of, split: of.then((bundle) => splitBundle(bundle, lazy?.skillsPerChunk)) };
    return splitting.split;
  };
  return { lazy, split };
}

function lazyOption(value: SatchelSkillsOptions['lazy']): { skillsPerChunk: number } | undefined {
  if (value === undefined || value === false) return undefined;
  const skillsPerChunk = value === true ? DEFAULT_SKILLS_PER_CHUNK : (value.skillsPerChunk ?? DEFAULT_SKILLS_PER_CHUNK);
  if (!Number.isInteger(skillsPerChunk) || skillsPerChunk < 1)
    throw new SkillError('INVALID_INPUT', `satchelSkills: \`lazy.skillsPerChunk\` must be a positive integer, not ${String(skillsPerChunk)}.`);
  return { skillsPerChunk };
}

/** Calls `onChange` once per burst of events under `dir` (files or folders added, changed or removed). */
function watchSkills(server: ViteDevServer, dir: string, onChange: () => void): void {
  server.watcher.add(dir);
  const inside = (file: string): boolean => {
    const rel = relative(dir, file);
    return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  server.watcher.on('all', (_event: string, file: string) => {
    if (!inside(resolve(file))) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      onChange();
    }, RELOAD_DELAY_MS);
  });
}

/**
 * The lines printed for a bundle: every error and warning of the listing,
 * then those `parseSkill` finds in each skill (as the loader will).
 * Infos stay in the bundle only.
 */
export function reportLines(bundle: SkillBundle): string[] {
  const found: Diagnostic[] = [...(bundle.diagnostics ?? [])];
  for (const entry of bundle.entries) {
    const listed = entry.diagnostics ?? [];
    found.push(...listed);
    if (listed.some((d) => d.severity === 'error')) continue;
    const parsed = parseSkill(entry.text, {
      path: entry.path,
      fileName: entry.fileName,
      files: entry.files,
      ...(entry.folder === undefined ? {} : { folder: entry.folder }),
    });
    found.push(...parsed.errors, ...parsed.warnings);
  }
  return found.filter((d) => d.severity !== 'info').map(formatDiagnostic);
}

/** Absolute paths of every file the bundle was made from. */
function bundledFiles(dir: string, bundle: SkillBundle): string[] {
  return bundle.entries.flatMap((entry) => [entry.fileName, ...entry.files.map((f) => f.path)].map((file) => resolve(dir, joinSourcePath(entry.dir, file))));
}

function shown(root: string, dir: string): string {
  return relative(root, dir).split(sep).join('/') || '.';
}
