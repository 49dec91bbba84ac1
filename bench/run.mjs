#!/usr/bin/env node
// Runs the TypeScript benchmarks under plain Node 20 (no tsx, no vite-node):
// bundles bench/index.ts with Vite's SSR build (dependencies stay external and resolve
// from node_modules), then runs the bundle in a fresh Node process so the build's own
// memory and JIT state do not disturb the measurements.
//
//   node bench/run.mjs [bench names] [--count N] [--rounds N] [--warmup N] [--seed N]
//   node bench/run.mjs --build-only          # just bundle; prints the bundle path
//   node bench/run.mjs --cpu-prof [...]      # run under `node --cpu-prof`; .cpuprofile in node_modules/.cache/satchel-bench-profiles/
import { spawnSync } from 'node:child_process';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// SATCHEL_BENCH_OUT, or one folder per checkout: git worktrees may share one node_modules, and their benches would overwrite each other's bundle.
const outDir = process.env.SATCHEL_BENCH_OUT ?? join(root, 'node_modules', '.cache', `satchel-bench-${basename(root)}`);
const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');
const cpuProf = args.includes('--cpu-prof');
const passArgs = args.filter((a) => a !== '--build-only' && a !== '--cpu-prof');

const { build } = await import('vite');
await build({
  configFile: false, // vite.config.ts is the demo app's; the bench needs none of it
  root,
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: join(root, 'bench', 'index.ts'),
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    // .mjs: a .js file under node_modules/ would be read as CommonJS.
    rolldownOptions: { output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
  },
});
const bundle = join(outDir, 'index.mjs');
if (buildOnly) {
  console.log(relative(process.cwd(), bundle));
  process.exit(0);
}

const nodeArgs = ['--enable-source-maps'];
const profileDir = join(root, 'node_modules', '.cache', 'satchel-bench-profiles');
if (cpuProf) {
  nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  console.log(`CPU profile goes to ${relative(process.cwd(), profileDir)}/ (open it in Chrome DevTools > Performance)`);
}
const result = spawnSync(process.execPath, [...nodeArgs, bundle, ...passArgs], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SATCHEL_ROOT: root },
});
if (result.error) {
  console.error(`bench: could not start node: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
