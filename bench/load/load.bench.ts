/**
 * Side-by-side load bench (`npm run bench:load`): Satchel's `loadAll` against
 * a bare YAML loader and a name-and-description reader over the same
 * folders, and a page's start from the builtin bundle against `JSON.parse`
 * of it. Every measurement is one load in a fresh child process (cold JIT,
 * empty heap, as a real start), the kinds interleaved in a rotating order
 * each round; we report medians, peak RSS and ratios within one run.
 * See `bench/load/load-kinds.ts` for what each kind does.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSkillBundle } from '../../src/node/build-bundle.js';
import type { DirectorySourceOptions } from '../../src/node/directory/directory-source.js';
import { generateSkills } from '../generate.js';
import { writeCorpusFolder, writeGeneratedFolder, type FolderFacts } from './load-folders.js';
import type { LoadChildReport, LoadChildSpec, LoadKind } from './load-kinds.js';
import { CHILD_ENV } from './loader-memory.js';
import { writeCorpus } from './loader-tree.js';
import { ensurePeer, PEER } from './peer.js';
import { median, medianOfRatios, rotate, round } from '../stats.js';

/** Options of {@link runLoadBench}. */
export interface LoadBenchOptions {
  /** Generated skills in the generated folder (default 2,000). */
  count?: number;
  /** Fresh processes per kind and folder (default 7). */
  rounds?: number;
  /** Generator seed. */
  seed?: number;
  /** Output line writer (default `console.log`). */
  log?: (line: string) => void;
}

/** One kind over one folder: medians over its fresh processes. */
export interface KindStats {
  readonly loaded: number;
  readonly medianMs: number;
  readonly runsMs: readonly number[];
  /** Median CPU time of the load (user and system), ms: wall time less what waiting for a core on a shared machine added. */
  readonly medianCpuMs: number;
  readonly peakRssMb: number;
}

/** One folder's measures and ratios (of medians, and the median of per-round ratios). */
export interface FolderReport {
  readonly folder: string;
  /** What the folder holds (and how it was made), for the folder jobs. */
  readonly facts?: FolderFacts;
  readonly kinds: Partial<Record<LoadKind, KindStats>>;
  readonly ratios: Record<string, { readonly ofMedians: number; readonly medianOfRounds: number }>;
}

interface Job {
  readonly name: string;
  readonly path: string;
  readonly kinds: readonly LoadKind[];
  readonly sourceOptions: DirectorySourceOptions;
  readonly facts?: FolderFacts;
  /** The peer's module file, for the `skillkit` kind. */
  readonly peer?: string;
  /** numerator kind → denominator kind. */
  readonly ratios: Record<string, readonly [LoadKind, LoadKind]>;
}

const FOLDER_RATIOS: Record<string, readonly [LoadKind, LoadKind]> = {
  'satchel-load / skillkit': ['satchel-load', 'skillkit'],
  'satchel / skillkit': ['satchel', 'skillkit'],
  'satchel-list / skillkit': ['satchel-list', 'skillkit'],
  'satchel / baseline': ['satchel', 'baseline'],
  'satchel-load / baseline': ['satchel-load', 'baseline'],
  'satchel / reader': ['satchel', 'reader'],
  'satchel-load / reader': ['satchel-load', 'reader'],
  'satchel-list / baseline': ['satchel-list', 'baseline'],
};

const BUNDLE_RATIOS: Record<string, readonly [LoadKind, LoadKind]> = {
  'bundle / JSON.parse': ['bundle', 'bundle-json'],
  'bundle-route / JSON.parse': ['bundle-route', 'bundle-json'],
};

/** Runs every measure and returns the report (also printed as JSON). */
export async function runLoadBench(options: LoadBenchOptions = {}): Promise<{ bench: 'load'; folders: FolderReport[]; [key: string]: unknown }> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const count = options.count ?? 2000;
  const rounds = options.rounds ?? 7;
  const seed = options.seed === undefined ? {} : { seed: options.seed };
  // SATCHEL_BENCH_LOAD_DIR: write the folders there and keep them (to profile one kind on them, e.g. with `node --cpu-prof`).
  const keep = process.env['SATCHEL_BENCH_LOAD_DIR'];
  const tmp = keep ?? (await mkdtemp(join(tmpdir(), 'satchel-bench-load-')));
  if (keep !== undefined) log(`bench: the folders are kept in ${keep}`);
  try {
    const root = process.env['SATCHEL_ROOT'] ?? process.cwd();
    const peer = ensurePeer(root, log);
    const generated = join(tmp, 'generated');
    const genFacts = await writeGeneratedFolder(generated, count, options.seed);
    const corpusDir = join(tmp, 'corpus');
    const corpusFacts = await writeCorpusFolder(corpusDir, root);
    const forBundle = join(tmp, 'for-bundle');
    await writeCorpus(forBundle, generateSkills(1000, { ...seed, references: { rate: 0.3 } }));
    const bundleFile = join(tmp, 'bundle.json');
    const bundle = await buildSkillBundle(forBundle, { root: tmp, limits: { maxFolders: 100_000 } });
    writeFileSync(bundleFile, JSON.stringify(bundle));
    const wide: DirectorySourceOptions = { maxFolders: 100_000, maxDepth: 12 };
    const folderKinds: LoadKind[] = ['baseline', 'reader', 'satchel', 'satchel-load', 'satchel-list', ...(peer ? (['skillkit'] as const) : [])];
    const ratios = peer ? FOLDER_RATIOS : withoutPeer(FOLDER_RATIOS);
    const { corpus: _corpus, ...genReport } = genFacts;
    const jobs: Job[] = [
      { name: `generated (${count} skills, ${genFacts.files} files)`, path: generated, kinds: folderKinds, sourceOptions: wide, facts: genReport, ratios },
      { name: `corpus, flattened (${corpusFacts.skills} skills)`, path: corpusDir, kinds: folderKinds, sourceOptions: wide, facts: corpusFacts, ratios },
      {
        name: 'builtin bundle (1000 generated skills)',
        path: bundleFile,
        kinds: ['bundle-json', 'bundle', 'bundle-route'],
        sourceOptions: {},
        ratios: BUNDLE_RATIOS,
      },
    ];
    const folders = jobs.map((job) => runJob(peer === undefined ? job : { ...job, peer }, rounds));
    const result = {
      bench: 'load' as const,
      node: process.version,
      cpus: availableParallelism(),
      rounds,
      bundleBytes: JSON.stringify(bundle).length,
      peer: peer
        ? { ...PEER, installed: true }
        : { ...PEER, installed: false, note: 'not installed and could not be installed (offline?): comparison skipped' },
      targets: { 'generated: satchel-load / skillkit': 1.0, 'corpus: satchel-load / skillkit': 1.2 },
      folders,
      wallSeconds: round((performance.now() - started) / 1000, 1),
    };
    log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    if (keep === undefined) rmSync(tmp, { recursive: true, force: true });
  }
}

function runJob(job: Job, rounds: number): FolderReport {
  const runs = new Map<LoadKind, LoadChildReport[]>(job.kinds.map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (const kind of rotate(job.kinds, r))
      runs.get(kind)?.push(runChild({ kind, path: job.path, sourceOptions: job.sourceOptions, ...(job.peer === undefined ? {} : { peer: job.peer }) }));
  }
  const kinds: Partial<Record<LoadKind, KindStats>> = {};
  for (const [kind, list] of runs) {
    kinds[kind] = {
      loaded: median(list.map((x) => x.loaded)),
      medianMs: round(median(list.map((x) => x.ms)), 1),
      runsMs: list.map((x) => round(x.ms, 1)),
      medianCpuMs: round(median(list.map((x) => x.cpuMs)), 1),
      peakRssMb: round(median(list.map((x) => x.maxRssKb)) / 1024, 1),
    };
  }
  const ratios: FolderReport['ratios'] = {};
  for (const [label, [a, b]] of Object.entries(job.ratios)) {
    const x = runs.get(a)?.map((r) => r.ms) ?? [];
    const y = runs.get(b)?.map((r) => r.ms) ?? [];
    ratios[label] = { ofMedians: round(median(x) / median(y), 3), medianOfRounds: round(medianOfRatios(x, y), 3) };
    const rssA = kinds[a]?.peakRssMb;
    const rssB = kinds[b]?.peakRssMb;
    if (rssA !== undefined && rssB !== undefined)
      ratios[`${label} (peak RSS)`] = {
        ofMedians: round(rssA / rssB, 3),
        medianOfRounds: round(medianOfRatios(runs.get(a)?.map((r) => r.maxRssKb) ?? [], runs.get(b)?.map((r) => r.maxRssKb) ?? []), 3),
      };
  }
  return { folder: job.name, ...(job.facts === undefined ? {} : { facts: job.facts }), kinds, ratios };
}

/** The ratios that do not need the peer. */
function withoutPeer(ratios: Record<string, readonly [LoadKind, LoadKind]>): Record<string, readonly [LoadKind, LoadKind]> {
  return Object.fromEntries(Object.entries(ratios).filter(([, pair]) => !pair.includes('skillkit')));
}

function runChild(spec: LoadChildSpec): LoadChildReport {
  const bundle = process.argv[1];
  if (bundle === undefined) throw new Error('bench: cannot tell which file to run as the load child');
  const out = spawnSync(process.execPath, [bundle], {
    encoding: 'utf8',
    env: { ...process.env, [CHILD_ENV]: `load:${JSON.stringify(spec)}` },
    maxBuffer: 1 << 24,
  });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  if (out.status !== 0 || !line.startsWith('{')) throw new Error(`bench: load child (${spec.kind}) failed with status ${out.status}:\n${out.stderr}`);
  return JSON.parse(line) as LoadChildReport;
}
