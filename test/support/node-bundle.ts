// TypeScript entries bundled with Vite's SSR build, each into one .mjs that `node` (or a Node Worker) can run: for tests
// that spawn the CLI, an MCP server or a worker from source.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** Options of a {@link nodeBundles} call. */
export interface NodeBundleOptions {
  /** Packages left out of the bundle, imported from this checkout's node_modules (linked beside the bundle). */
  readonly external?: readonly string[];
}

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A bundler of entries: each call bundles `entry` (a file URL) and resolves to the path of the bundled `.mjs`. Every
 * temp folder it made is removed after the test file; call it at the top level of one, bundle in `beforeAll`.
 */
export function nodeBundles(): (entry: URL, options?: NodeBundleOptions) => Promise<string> {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async (entry, options = {}) => {
    const { build } = await import('vite');
    const dir = await mkdtemp(join(tmpdir(), 'satchel-node-bundle-'));
    dirs.push(dir);
    const external = options.external ?? [];
    // Everything else in one file: the bundle runs from a temp folder with no node_modules of its own.
    if (external.length > 0) await symlink(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await build({
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      ssr: { noExternal: true, external: [...external] },
      build: {
        ssr: fileURLToPath(entry),
        outDir: join(dir, 'dist'),
        target: 'node20',
        minify: false,
        rolldownOptions: { output: { format: 'es', entryFileNames: '[name].mjs' } },
      },
    });
    return join(dir, 'dist', `${basename(fileURLToPath(entry)).replace(/\.ts$/, '')}.mjs`);
  };
}
