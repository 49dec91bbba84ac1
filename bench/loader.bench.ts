/**
 * Loader benchmark: `SkillLoader.loadAll` over generated skills in a
 * directory (Node), against reading the very same files with no parsing at
 * all, plus the peak memory of one load of each kind in a child process.
 *
 * The skills (1–4 KB SKILL.md, some with `references/` and `scripts/`
 * files) are written to a fresh temporary directory before anything is
 * timed, and removed at the end, also when the bench fails. Reads come from
 * the page cache (the files were just written): this measures the CPU side
 * of loading, not the disk.
 *
 * As in the parse bench, measures run as interleaved rounds (their order
 * rotated each round) and we report medians and ratios within one process.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../src/diagnostics.js';
import { readTier } from '../src/load-tier.js';
import { SkillLoader } from '../src/loader.js';
import { directorySource, type DirectorySourceOptions } from '../src/node/directory-source.js';
import type { SourceListing } from '../src/source.js';
import { LOADER_LIMITS, type Skill } from '../src/types.js';
import { generateSkills, skillFiles, type GeneratedSkill } from './generate.js';

/** Options of {@link runLoaderBench}. */
export interface LoaderBenchOptions {
  /** Skills generated and loaded per round (default 2,000). */
  count?: number;
  /** Measured rounds per measure (default 11). */
  rounds?: number;
  /** Unmeasured warm-up rounds per measure (default 3). */
  warmup?: number;
  /** Generator seed. */
  seed?: number;
  /** Share of skills with resource files (default 0.3). */
  referenceRate?: number;
  /** Child processes per kind for the peak-memory measure (default 3; 0 skips it). */
  memoryRuns?: number;
  /** Output line writer (default `console.log`). */
  log?: (line: string) => void;
}

/** Times of one measure over the rounds, per whole load, in milliseconds. */
export interface LoadMeasureStats {
  readonly label: string;
  /** Wall-clock time of one whole load: median, min and max over the rounds. */
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /** The median per skill, in microseconds. */
  readonly medianUsPerSkill: number;
  readonly roundsMs: readonly number[];
  /** CPU time (user + system, all threads of the process: the libuv pool and GC helpers too), median per load. */
  readonly cpuMedianMs: number;
  readonly cpuRoundsMs: readonly number[];
}

/** Memory of one load in a fresh child process (median over the runs). */
export interface ChildMemory {
  readonly kind: ChildKind;
  readonly runs: number;
  /** Peak resident set size of the whole process (`getrusage` maxrss), MB. */
  readonly peakRssMb: number;
  /** The same as `/usr/bin/time -v` reports it ("Maximum resident set size"), MB; null when not available. */
  readonly timePeakRssMb: number | null;
  /** Highest `heapUsed` seen: sampled every millisecond during the load and right after it, before any forced GC, MB. */
  readonly sampledPeakHeapUsedMb: number;
  /** Highest `heapTotal` (heap reserved by V8) seen the same way, MB. */
  readonly sampledPeakHeapTotalMb: number;
  /** `heapUsed` after the load minus before it, both after a full GC: what the result keeps alive, MB. */
  readonly retainedHeapMb: number;
  /** The same for `external` (Buffers and typed arrays live there), MB. */
  readonly retainedExternalMb: number;
  /** Wall time of that single, cold (unwarmed JIT) load, ms. */
  readonly coldLoadMs: number;
}

type ChildKind = 'idle' | 'baseline' | 'pipeline';

/** What {@link runLoaderBench} returns (and writes as JSON). */
export interface LoaderBenchResult {
  readonly bench: 'loader';
  readonly node: string;
  readonly platform: string;
  readonly cpus: number;
  readonly config: { count: number; rounds: number; warmup: number; seed: number | null; referenceRate: number; sourceOptions: DirectorySourceOptions };
  readonly corpus: {
    readonly skills: number;
    readonly skillsWithResources: number;
    readonly files: number;
    readonly folders: number;
    readonly totalBytes: number;
    readonly skillMdBytes: number;
    readonly resourceBytes: number;
    readonly minSkillBytes: number;
    readonly maxSkillBytes: number;
  };
  /** The check load: every skill loads, with no errors. */
  readonly check: {
    readonly loaded: number;
    readonly errors: number;
    readonly warnings: number;
    readonly infos: number;
    readonly byCode: Record<string, number>;
    /** The same load with `directorySource(dir)` and no options at all. */
    readonly withDefaults: { readonly loaded: number; readonly errors: number; readonly discoveryLimit: string | null };
  };
  readonly measures: Record<string, LoadMeasureStats>;
  readonly ratio: {
    /** Median pipeline time / median baseline time (wall time). */
    readonly ratioOfMedians: number;
    /** Median over rounds of pipeline/baseline within each round (wall time). */
    readonly medianOfRoundRatios: number;
    readonly cpuRatioOfMedians: number;
    readonly cpuMedianOfRoundRatios: number;
  };
  /** Median pipeline time split into steps, ms per load (merge = pipeline − list − parse). */
  readonly breakdownMs: Record<string, number>;
  readonly memory: Partial<Record<ChildKind, ChildMemory>> & { readonly note: string };
  readonly wallSeconds: number;
}

interface Measure {
  readonly key: string;
  readonly label: string;
  readonly work: () => Promise<number>;
  readonly samples: number[];
  readonly cpuSamples: number[];
}

/** The environment variable that turns the bundled bench into a peak-memory child (see bench/index.ts). */
export const CHILD_ENV = 'SATCHEL_BENCH_CHILD';
/** Files read at once by the baseline: the directory source's own hashing concurrency. */
const READ_CONCURRENCY = 16;
const MB = 1024 * 1024;

let sink = 0;

/** Runs the benchmark and returns its numbers; throws when a skill does not load cleanly. Removes its temporary directory whatever happens. */
export async function runLoaderBench(options: LoaderBenchOptions = {}): Promise<LoaderBenchResult> {
  const started = performance.now();
  const count = options.count ?? 2000;
  const rounds = options.rounds ?? 11;
  const warmup = options.warmup ?? 3;
  const referenceRate = options.referenceRate ?? 0.3;
  const memoryRuns = options.memoryRuns ?? 3;
  const log = options.log ?? ((line: string) => console.log(line));

  // ---- Inputs, all written before anything is timed. ----
  const skills = generateSkills(count, { references: { rate: referenceRate }, ...(options.seed === undefined ? {} : { seed: options.seed }) });
  const dir = await mkdtemp(join(tmpdir(), 'satchel-bench-loader-'));
  // A Ctrl-C skips `finally`: remove the directory then too.
  const onSignal = (signal: NodeJS.Signals): void => {
    rmSync(dir, { recursive: true, force: true });
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const corpus = await writeCorpus(dir, skills);
    // The defaults may stop at maxFolders (2,000 discovery folders below the root; folders inside skills are not counted):
    // record what they load, then raise that one bound just enough for the whole tree.
    const withDefaults = await checkDefaults(dir);
    const sourceOptions: DirectorySourceOptions = withDefaults.loaded === count ? {} : { maxFolders: Math.max(LOADER_LIMITS.maxFolders, corpus.folders) };
    const load = async (): Promise<Skill[]> => new SkillLoader({ builtin: directorySource(dir, sourceOptions) }).loadAll();
    const check = await checkLoad(dir, sourceOptions, skills);

    // ---- Measures: each is one whole load of the directory. ----
    const listing = await directorySource(dir, sourceOptions).list();
    const tier = { kind: 'builtin' as const, source: directorySource(dir, sourceOptions) };
    const measures: Measure[] = [
      measure('baseline', 'baseline: readdir + readFile of every file', async () => (await readTree(dir)).bytes),
      measure('pipeline', 'pipeline: new SkillLoader({ builtin: directorySource(dir) }).loadAll()', async () => {
        const all = await load();
        if (all.length !== count) throw new Error(`bench: a timed load gave ${all.length} skills, not ${count}`);
        return all.length;
      }),
      measure('list', '  step: directorySource(dir).list() (walk, read, hash)', async () => (await directorySource(dir, sourceOptions).list()).entries.length),
      measure('parse', '  step: readTier(listing) (parseSkill of every entry)', async () => readTier(tier, listing, LOADER_LIMITS).candidates.length),
      measure('readHash', '  ref: baseline + sha256 of every resource file', async () => (await readTree(dir, true)).bytes),
    ];

    // ---- Rounds: every measure once per round, the order rotated each round to spread noise. ----
    for (let r = 0; r < warmup + rounds; r++) {
      for (const m of rotate(measures, r)) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        sink += await m.work();
        const ms = performance.now() - t0;
        const cpu = process.cpuUsage(c0);
        if (r >= warmup) {
          m.samples.push(ms);
          m.cpuSamples.push((cpu.user + cpu.system) / 1000);
        }
      }
    }
    if (sink === 0) log('(sink is zero)');

    // ---- Peak memory: one load of each kind, each in a fresh process. ----
    const memory = memoryRuns > 0 ? measureMemory(dir, sourceOptions, memoryRuns, count) : {};

    // ---- Statistics. ----
    const stats: Record<string, LoadMeasureStats> = {};
    for (const m of measures) stats[m.key] = statsOf(m, count);
    const base = stats['baseline'] as LoadMeasureStats;
    const pipe = stats['pipeline'] as LoadMeasureStats;
    const med = (key: string): number => stats[key]?.medianMs ?? 0;
    const result: LoaderBenchResult = {
      bench: 'loader',
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: availableParallelism(),
      config: { count, rounds, warmup, seed: options.seed ?? null, referenceRate, sourceOptions },
      corpus,
      check: { ...check, withDefaults },
      measures: stats,
      ratio: {
        ratioOfMedians: round(pipe.medianMs / base.medianMs, 3),
        medianOfRoundRatios: round(median(pipe.roundsMs.map((p, i) => p / (base.roundsMs[i] ?? Number.NaN))), 3),
        cpuRatioOfMedians: round(pipe.cpuMedianMs / base.cpuMedianMs, 3),
        cpuMedianOfRoundRatios: round(median(pipe.cpuRoundsMs.map((p, i) => p / (base.cpuRoundsMs[i] ?? Number.NaN))), 3),
      },
      breakdownMs: {
        list: round(med('list'), 2),
        parse: round(med('parse'), 2),
        merge: round(med('pipeline') - med('list') - med('parse'), 2),
      },
      memory: {
        ...memory,
        note: 'Each kind runs alone in a fresh `node --expose-gc` process: idle = the same bundle loading nothing. Peak RSS is the kernel maxrss; heap peaks are sampled (a synchronous stretch such as parsing every entry is seen only at its end).',
      },
      wallSeconds: round((performance.now() - started) / 1000, 1),
    };
    printReport(result, log);
    return result;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await rm(dir, { recursive: true, force: true });
  }
}

function measure(key: string, label: string, work: () => Promise<number>): Measure {
  return { key, label, work, samples: [], cpuSamples: [] };
}

async function writeCorpus(dir: string, skills: readonly GeneratedSkill[]): Promise<LoaderBenchResult['corpus']> {
  const encoder = new TextEncoder();
  const folders = new Set<string>(['']);
  let files = 0;
  let skillMdBytes = 0;
  let resourceBytes = 0;
  for (const skill of skills) {
    for (const file of skillFiles(skill)) {
      const path = join(dir, file.path);
      const parent = dirname(file.path);
      if (!folders.has(parent)) {
        await mkdir(dirname(path), { recursive: true });
        for (let p = parent; p !== '.' && !folders.has(p); p = dirname(p)) folders.add(p);
      }
      const bytes = encoder.encode(file.content);
      await writeFile(path, bytes);
      files++;
      if (file.path.endsWith('/SKILL.md')) skillMdBytes += bytes.byteLength;
      else resourceBytes += bytes.byteLength;
    }
  }
  const sizes = skills.map((s) => s.bytes);
  return {
    skills: skills.length,
    skillsWithResources: skills.filter((s) => s.files.length > 0).length,
    files,
    folders: folders.size,
    totalBytes: skillMdBytes + resourceBytes,
    skillMdBytes,
    resourceBytes,
    minSkillBytes: Math.min(...sizes),
    maxSkillBytes: Math.max(...sizes),
  };
}

const severities = (diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; infos: number } => ({
  errors: diagnostics.filter((d) => d.severity === 'error').length,
  warnings: diagnostics.filter((d) => d.severity === 'warning').length,
  infos: diagnostics.filter((d) => d.severity === 'info').length,
});

async function checkDefaults(dir: string): Promise<LoaderBenchResult['check']['withDefaults']> {
  const loader = new SkillLoader({ builtin: directorySource(dir) });
  const all = await loader.loadAll();
  const limit = loader.diagnostics.find((d) => d.code === 'discovery-limit');
  return { loaded: all.length, errors: severities(loader.diagnostics).errors, discoveryLimit: limit?.message ?? null };
}

/** The assertion of this bench: every generated skill loads, with its resource files and no errors. */
async function checkLoad(dir: string, sourceOptions: DirectorySourceOptions, skills: readonly GeneratedSkill[]): Promise<Omit<LoaderBenchResult['check'], 'withDefaults'>> {
  const loader = new SkillLoader({ builtin: directorySource(dir, sourceOptions) });
  const all = await loader.loadAll();
  const counts = severities(loader.diagnostics);
  const byName = new Map(all.map((s) => [s.name, s]));
  const problems: string[] = [];
  for (const d of loader.diagnostics) if (d.severity === 'error') problems.push(`${d.path}: ${d.code} ${d.message}`);
  for (const s of skills) {
    const skill = byName.get(s.folder);
    if (!skill) problems.push(`${s.folder}: not loaded`);
    else if (skill.files.map((f) => f.path).join() !== s.files.map((f) => f.path).sort().join()) problems.push(`${s.folder}: files ${skill.files.map((f) => f.path).join()} instead of ${s.files.map((f) => f.path).join()}`);
  }
  if (all.length !== skills.length || problems.length > 0) {
    throw new Error(`bench: ${all.length} of ${skills.length} skills loaded, ${problems.length} problems:\n  ${problems.slice(0, 10).join('\n  ')}`);
  }
  const byCode: Record<string, number> = {};
  for (const d of loader.diagnostics) byCode[`${d.severity} ${d.code}`] = (byCode[`${d.severity} ${d.code}`] ?? 0) + 1;
  return { loaded: all.length, ...counts, byCode };
}

/**
 * The baseline: the I/O a directory load cannot avoid, and nothing else.
 * Walks the tree breadth-first with `readdir(withFileTypes)` (one folder at
 * a time, as the directory source does) and reads every file with
 * `readFile`, at most {@link READ_CONCURRENCY} at once (the source's own
 * bound). No parsing, no decoding, no hashing unless `hash` (a reference
 * measure: sha256 of every file but SKILL.md, which is what the source hashes).
 */
async function readTree(root: string, hash = false): Promise<{ files: number; bytes: number; kept: Buffer[] }> {
  const kept: Buffer[] = [];
  let bytes = 0;
  const limit = limiter(READ_CONCURRENCY);
  const reads: Promise<void>[] = [];
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const folder = queue[i] as string;
    for (const dirent of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, dirent.name);
      if (dirent.isDirectory()) queue.push(path);
      else if (dirent.isFile()) {
        reads.push(
          limit(() => readFile(path)).then((buffer) => {
            if (hash && dirent.name !== 'SKILL.md') sink += createHash('sha256').update(buffer).digest('hex').length;
            bytes += buffer.byteLength;
            kept.push(buffer);
          }),
        );
      }
    }
  }
  await Promise.all(reads);
  return { files: kept.length, bytes, kept };
}

/** A counting semaphore: at most `size` tasks at once. */
function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let free = size;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free > 0) free--;
    else await new Promise<void>((wake) => waiting.push(wake));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

// ---------------------------------------------------------------- peak memory

interface ChildSpec {
  readonly kind: ChildKind;
  readonly dir: string;
  readonly sourceOptions: DirectorySourceOptions;
  readonly count: number;
}

interface ChildReport {
  readonly kind: ChildKind;
  readonly loaded: number;
  readonly maxRssKb: number;
  readonly peakHeapUsed: number;
  readonly peakHeapTotal: number;
  readonly retainedHeap: number;
  readonly retainedExternal: number;
  readonly ms: number;
}

/** Runs `runs` fresh children of each kind, in turns, and keeps the median of each number. */
function measureMemory(dir: string, sourceOptions: DirectorySourceOptions, runs: number, count: number): Partial<Record<ChildKind, ChildMemory>> {
  const bundle = process.argv[1];
  if (bundle === undefined) throw new Error('bench: cannot tell which file to run as the memory child');
  const time = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
  const kinds: ChildKind[] = ['idle', 'baseline', 'pipeline'];
  const reports = new Map<ChildKind, { report: ChildReport; timeKb: number | null }[]>(kinds.map((k) => [k, []]));
  for (let r = 0; r < runs; r++) {
    for (const kind of kinds) {
      const spec: ChildSpec = { kind, dir, sourceOptions, count };
      const nodeArgs = ['--expose-gc', bundle];
      const [command, args] = time ? [time, ['-v', process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
      const out = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, [CHILD_ENV]: `loader:${JSON.stringify(spec)}` } });
      const line = out.stdout.trim().split('\n').pop() ?? '';
      if (out.status !== 0 || !line.startsWith('{')) throw new Error(`bench: memory child (${kind}) failed with status ${out.status}:\n${out.stderr}`);
      const report = JSON.parse(line) as ChildReport;
      const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(out.stderr);
      reports.get(kind)?.push({ report, timeKb: m ? Number(m[1]) : null });
    }
  }
  const out: Partial<Record<ChildKind, ChildMemory>> = {};
  for (const kind of kinds) {
    const list = reports.get(kind) ?? [];
    const med = (f: (x: ChildReport) => number): number => median(list.map((x) => f(x.report)));
    const timeKbs = list.flatMap((x) => (x.timeKb === null ? [] : [x.timeKb]));
    out[kind] = {
      kind,
      runs: list.length,
      peakRssMb: round(med((x) => x.maxRssKb) / 1024, 1),
      timePeakRssMb: timeKbs.length > 0 ? round(median(timeKbs) / 1024, 1) : null,
      sampledPeakHeapUsedMb: round(med((x) => x.peakHeapUsed) / MB, 1),
      sampledPeakHeapTotalMb: round(med((x) => x.peakHeapTotal) / MB, 1),
      retainedHeapMb: round(med((x) => x.retainedHeap) / MB, 2),
      retainedExternalMb: round(med((x) => x.retainedExternal) / MB, 2),
      coldLoadMs: round(med((x) => x.ms), 1),
    };
  }
  return out;
}

/**
 * The memory child: one load of one kind in this fresh process, then one
 * JSON line on stdout. Run by `bench/index.ts` when {@link CHILD_ENV} is
 * `loader:<spec>`; needs `--expose-gc` for the retained numbers.
 */
export async function loaderChild(specText: string): Promise<void> {
  const spec = JSON.parse(specText) as ChildSpec;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench: the memory child needs node --expose-gc');
  // V8 frees the backing stores of dead ArrayBuffers a little after a GC, not during it: let it, then collect again.
  const settle = async (): Promise<NodeJS.MemoryUsage> => {
    gc();
    await new Promise((wake) => setTimeout(wake, 100));
    gc();
    return process.memoryUsage();
  };
  const before = await settle();
  let peakHeapUsed = before.heapUsed;
  let peakHeapTotal = before.heapTotal;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakHeapUsed = Math.max(peakHeapUsed, m.heapUsed);
    peakHeapTotal = Math.max(peakHeapTotal, m.heapTotal);
  };
  const timer = setInterval(sample, 1);
  const t0 = performance.now();
  // What the load keeps (for the loader, its cache); read again after the last measurement so it stays reachable until then.
  let held: { files: number } | SkillLoader | undefined;
  if (spec.kind === 'baseline') held = await readTree(spec.dir);
  else if (spec.kind === 'pipeline') {
    held = new SkillLoader({ builtin: directorySource(spec.dir, spec.sourceOptions) });
    await held.loadAll();
  }
  const ms = performance.now() - t0;
  sample();
  clearInterval(timer);
  const after = await settle();
  const loaded = held === undefined ? 0 : held instanceof SkillLoader ? held.size : held.files;
  if (spec.kind === 'pipeline' && loaded !== spec.count) throw new Error(`bench: the memory child loaded ${loaded} skills, not ${spec.count}`);
  const report: ChildReport = {
    kind: spec.kind,
    loaded,
    maxRssKb: process.resourceUsage().maxRSS,
    peakHeapUsed,
    peakHeapTotal,
    retainedHeap: after.heapUsed - before.heapUsed,
    retainedExternal: after.external - before.external,
    ms,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

// ---------------------------------------------------------------- statistics and report

function rotate<T>(list: readonly T[], by: number): T[] {
  const k = by % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

function statsOf(m: Measure, count: number): LoadMeasureStats {
  const medianMs = median(m.samples);
  return {
    label: m.label,
    medianMs: round(medianMs, 2),
    minMs: round(Math.min(...m.samples), 2),
    maxMs: round(Math.max(...m.samples), 2),
    medianUsPerSkill: round((medianMs * 1000) / count, 2),
    roundsMs: m.samples.map((x) => round(x, 2)),
    cpuMedianMs: round(median(m.cpuSamples), 2),
    cpuRoundsMs: m.cpuSamples.map((x) => round(x, 2)),
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function table(rows: string[][], log: (line: string) => void): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]): string => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  log(line(rows[0]!));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) log(line(row));
}

function printReport(r: LoaderBenchResult, log: (line: string) => void): void {
  const c = r.corpus;
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;
  log(`loader bench: ${c.skills} skills in a temp directory (${c.skillsWithResources} with resource files; ${c.files} files, ${c.folders} folders, ${kb(c.totalBytes)}: SKILL.md ${c.minSkillBytes}–${c.maxSkillBytes} B, ${kb(c.skillMdBytes)} in all, resources ${kb(c.resourceBytes)}); ${r.config.rounds} rounds after ${r.config.warmup} warm-up; node ${r.node}, ${r.cpus} cpus`);
  const d = r.check.withDefaults;
  if (Object.keys(r.config.sourceOptions).length > 0) {
    log(`note: directorySource(dir) with its defaults loads ${d.loaded} of ${c.skills} (${d.discoveryLimit ?? 'no discovery-limit diagnostic'}); the bench passes ${JSON.stringify(r.config.sourceOptions)}`);
  }
  log(`all ${r.check.loaded} skills load with their files and no errors (${r.check.warnings} warnings, ${r.check.infos} infos)`);
  log('');
  const base = r.measures['baseline']?.medianMs ?? Number.NaN;
  const cpuBase = r.measures['baseline']?.cpuMedianMs ?? Number.NaN;
  const rows: string[][] = [['measure (one whole load)', 'median ms', 'min ms', 'max ms', 'µs/skill', '× baseline', 'cpu ms', 'cpu ×']];
  for (const m of Object.values(r.measures)) {
    rows.push([m.label, m.medianMs.toFixed(1), m.minMs.toFixed(1), m.maxMs.toFixed(1), m.medianUsPerSkill.toFixed(1), (m.medianMs / base).toFixed(2), m.cpuMedianMs.toFixed(1), (m.cpuMedianMs / cpuBase).toFixed(2)]);
  }
  const merge = r.breakdownMs['merge'] ?? 0;
  rows.push(['  rest (by difference): merge, cache, GC', merge.toFixed(1), '', '', ((merge * 1000) / c.skills).toFixed(1), (merge / base).toFixed(2), '', '']);
  table(rows, log);
  log('');
  const pipe = r.measures['pipeline']?.medianMs ?? Number.NaN;
  const share = (key: string): string => `${(((r.breakdownMs[key] ?? 0) / pipe) * 100).toFixed(0)} %`;
  log(`pipeline breakdown: list ${share('list')}, parse ${share('parse')}, rest ${share('merge')}`);
  log(`ratio pipeline/baseline: ratio of medians ${r.ratio.ratioOfMedians.toFixed(2)}×, median of per-round ratios ${r.ratio.medianOfRoundRatios.toFixed(2)}×`);
  log(`  (on CPU time: ${r.ratio.cpuRatioOfMedians.toFixed(2)}× and ${r.ratio.cpuMedianOfRoundRatios.toFixed(2)}×)`);
  const kinds = (['idle', 'baseline', 'pipeline'] as const).flatMap((k) => (r.memory[k] ? [r.memory[k]] : []));
  if (kinds.length > 0) {
    log('');
    log(`peak memory of one load, each kind alone in a fresh process (median of ${kinds[0]?.runs} runs):`);
    const idle = r.memory.idle;
    const mrows: string[][] = [['process', 'peak RSS MB', 'over idle', '/usr/bin/time MB', 'heap peak MB', 'heap total MB', 'retained heap MB', 'retained ext MB', 'cold load ms']];
    for (const m of kinds) {
      mrows.push([
        m.kind === 'idle' ? 'idle (no load)' : m.kind,
        m.peakRssMb.toFixed(1),
        idle ? `+${(m.peakRssMb - idle.peakRssMb).toFixed(1)}` : '',
        m.timePeakRssMb?.toFixed(1) ?? 'n/a',
        m.sampledPeakHeapUsedMb.toFixed(1),
        m.sampledPeakHeapTotalMb.toFixed(1),
        m.retainedHeapMb.toFixed(2),
        m.retainedExternalMb.toFixed(2),
        m.kind === 'idle' ? '' : m.coldLoadMs.toFixed(0),
      ]);
    }
    table(mrows, log);
  }
  log(`(loader bench took ${r.wallSeconds} s)`);
}
