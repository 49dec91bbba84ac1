#!/usr/bin/env node
// `npm run bench:browser`: the skill runtime in a Web Worker, measured in Chromium. Generates 1,000 and 2,000
// skills with bench/generate.ts (1–4 KB each), builds bench/browser/ (a page + a worker) with Vite and the
// satchelSkills plugin, serves it on 127.0.0.1, drives it with Playwright and prints one JSON object:
//
//   coldStartMs             worker creation → first `activate` answer, 1,000 builtin skills bundled lazily (median of 5)
//   coldStart10000Ms        the same with 10,000 (its parts carry the worker's heap after the first activate)
//   coldStartEagerMs        the same with the 1,000 bundled eagerly: the baseline of this run
//   jsonParseMs             JSON.parse of the eager 1,000-skill bundle on the same page (median of 5)
//   roundTripMedianMs       `activate` from the page          inWorkerMedianMs   the same call inside the worker
//   longestMainThreadGapMs  longest gap between page timer ticks while a worker loads 2,000 skills
//   workerBundleGzipBytes   node:zlib gzip of the built worker chunk (the code; the skills are in their own chunk)
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const { build, runnerImport } = await import('vite');
const { chromium } = await import('@playwright/test');

const load = async (path) => (await runnerImport(join(root, path))).module;
const { generateSkills, skillFiles } = await load('bench/generate.ts');
const { satchelSkills } = await load('src/vite/index.ts');
const { chromiumLaunchOptions } = await load('chromium.config.ts');

// SATCHEL_BENCH_PREPARSE=0: bundles of texts only, parsed and indexed in the worker (the plugin's `preparse: false`).
const preparse = process.env.SATCHEL_BENCH_PREPARSE !== '0';

const work = await mkdtemp(join(tmpdir(), 'satchel-bench-browser-'));
try {
  const dirs = { 1000: join(work, 'skills-1000'), 2000: join(work, 'skills-2000'), 10000: join(work, 'skills-10000') };
  for (const [count, dir] of Object.entries(dirs)) await writeSkills(generateSkills(Number(count)), dir);
  const outDir = join(work, 'dist');
  await buildPage(dirs, outDir);
  const sizes = await chunkSizes(join(outDir, 'assets'), generateSkills(2000).at(-1).folder);
  const figures = await measure(outDir);
  const result = { ...figures, workerBundleGzipBytes: sizes.worker, skillsChunkGzipBytes: sizes.skills1000, preparsedBundle: preparse };
  result.targets = {
    coldStart: result.coldStartMs <= 120,
    coldStart10000: result.coldStart10000Ms <= 400,
    roundTrip: result.roundTripMedianMs <= result.inWorkerMedianMs + 0.5,
    mainThreadGap: result.longestMainThreadGapMs <= 50,
    workerBundle: result.workerBundleGzipBytes <= 88 * 1024,
  };
  // Tenths of a millisecond: performance.now() in a page resolves no finer.
  console.log(JSON.stringify(result, (_, v) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 10) / 10 : v), 2));
} finally {
  if (!process.env.SATCHEL_KEEP_BENCH) await rm(work, { recursive: true, force: true });
}

async function writeSkills(skills, dir) {
  for (const skill of skills) {
    for (const file of skillFiles(skill)) {
      const path = join(dir, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content);
    }
  }
}

async function buildPage(dirs, outDir) {
  // SATCHEL_BENCH_LAZY=0 bundles every set eagerly (today's start before lazy bundles); the `-eager` set always is.
  const lazy = process.env.SATCHEL_BENCH_LAZY === '0' ? false : skillsPerChunk();
  const plugins = () => [
    satchelSkills({ dir: dirs[1000], id: 'virtual:bench/skills-1000', preparse, lazy }),
    satchelSkills({ dir: dirs[2000], id: 'virtual:bench/skills-2000', preparse, lazy }),
    // Past the directory source's default maxFolders (2,000): raised, as for any folder that large.
    satchelSkills({ dir: dirs[10000], id: 'virtual:bench/skills-10000', preparse, lazy, limits: { maxFolders: 20_000 } }),
    satchelSkills({ dir: dirs[1000], id: 'virtual:bench/skills-1000-eager', preparse }),
  ];
  await build({
    configFile: false,
    root: here,
    base: './',
    // The generator's skills carry a few deliberate warnings (list-valued allowed-tools); they are not the point here.
    logLevel: 'error',
    publicDir: false,
    plugins: plugins(),
    worker: { format: 'es', plugins },
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true, reportCompressedSize: false, chunkSizeWarningLimit: 100_000 },
  });
}

/** Gzipped bytes of the worker's code chunk and of the 1,000-skill chunk (the one without the 2,000th skill). */
/** SATCHEL_BENCH_CHUNK=n: n skills per lazy chunk (default the plugin's); `all` puts every skill in one chunk. */
function skillsPerChunk() {
  const given = process.env.SATCHEL_BENCH_CHUNK;
  if (given === undefined) return true;
  return { skillsPerChunk: given === 'all' ? 1_000_000 : Number(given) };
}

async function chunkSizes(assets, lastOf2000) {
  const sizes = { worker: 0, skills1000: 0 };
  for (const name of await readdir(assets)) {
    if (extname(name) !== '.js') continue;
    const bytes = await readFile(join(assets, name));
    const gzipped = gzipSync(bytes, { level: 9 }).byteLength;
    if (name.startsWith('bench.worker')) sizes.worker = gzipped;
    else if (bytes.includes('"files"') && !bytes.includes(`${lastOf2000}/SKILL.md`)) sizes.skills1000 = gzipped;
  }
  if (!sizes.worker) throw new Error(`no bench.worker chunk in ${assets}`);
  return sizes;
}

async function measure(outDir) {
  const server = createServer((req, res) => {
    const path = join(outDir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/$/, '/index.html'));
    if (!path.startsWith(outDir)) return void res.writeHead(403).end();
    const type = { '.html': 'text/html', '.js': 'text/javascript' }[extname(path)] ?? 'application/octet-stream';
    createReadStream(path)
      .on('error', () => res.writeHead(404).end())
      // Hashed assets are immutable, as a static host serves Vite's output: fresh workers take them from the HTTP cache.
      // Cross-origin isolated, so the worker may measure its memory (performance.measureUserAgentSpecificMemory).
      .once('open', () =>
        res.writeHead(200, {
          'content-type': type,
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-embedder-policy': 'require-corp',
          ...(path.includes('/assets/') ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}),
        }),
      )
      .pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The page measures the worker's memory (measureUserAgentSpecificMemory): eagerly, not at Chromium's next idle GC.
  const args = [...chromiumLaunchOptions.args, '--enable-blink-features=ForceEagerMeasureMemory'];
  const browser = await chromium.launch({ ...chromiumLaunchOptions, args, headless: true });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => window.benchResult || window.benchError, undefined, { timeout: 300_000 });
    const { benchResult, benchError } = await page.evaluate(() => ({ benchResult: window.benchResult, benchError: window.benchError }));
    if (benchError) throw new Error(benchError);
    return benchResult;
  } finally {
    await browser.close();
    server.close();
  }
}
