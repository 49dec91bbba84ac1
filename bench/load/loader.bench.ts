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
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Diagnostic } from '../../src/format/diagnostics/diagnostic.js';
import { readTier } from '../../src/loader/tier.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { directorySource, type DirectorySourceOptions } from '../../src/node/directory/directory-source.js';
import { LOADER_LIMITS, type Skill } from '../../src/format/types.js';
import { generateSkills, type GeneratedSkill } from '../generate.js';
import { measureMemory } from './loader-memory.js';
import { printReport } from './loader-report.js';
import type { LoadMeasureStats, LoaderBenchResult } from './loader-result.js';
import { readTree, writeCorpus } from './loader-tree.js';
import { measure, median, medianOfRatios, round, schedule, startTimer, summarize, type Measure } from '../stats.js';

export type { LoadMeasureStats, LoaderBenchResult } from './loader-result.js';

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
    const measures: Measure<() => Promise<number>>[] = [
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
    for (const [m, measured] of schedule(measures, warmup, rounds)) {
      const stop = startTimer();
      sink += await m.work();
      const { ms, cpuUs } = stop();
      if (measured) {
        m.samples.push(ms);
        m.cpuSamples.push(cpuUs / 1000);
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
        medianOfRoundRatios: round(medianOfRatios(pipe.roundsMs, base.roundsMs), 3),
        cpuRatioOfMedians: round(pipe.cpuMedianMs / base.cpuMedianMs, 3),
        cpuMedianOfRoundRatios: round(medianOfRatios(pipe.cpuRoundsMs, base.cpuRoundsMs), 3),
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
async function checkLoad(
  dir: string,
  sourceOptions: DirectorySourceOptions,
  skills: readonly GeneratedSkill[],
): Promise<Omit<LoaderBenchResult['check'], 'withDefaults'>> {
  const loader = new SkillLoader({ builtin: directorySource(dir, sourceOptions) });
  const all = await loader.loadAll();
  const counts = severities(loader.diagnostics);
  const byName = new Map(all.map((s) => [s.name, s]));
  const problems: string[] = [];
  for (const d of loader.diagnostics) if (d.severity === 'error') problems.push(`${d.path}: ${d.code} ${d.message}`);
  for (const s of skills) {
    const skill = byName.get(s.folder);
    if (!skill) problems.push(`${s.folder}: not loaded`);
    else if (
      skill.files.map((f) => f.path).join() !==
      s.files
        .map((f) => f.path)
        .sort()
        .join()
    )
      problems.push(`${s.folder}: files ${skill.files.map((f) => f.path).join()} instead of ${s.files.map((f) => f.path).join()}`);
  }
  if (all.length !== skills.length || problems.length > 0) {
    throw new Error(`bench: ${all.length} of ${skills.length} skills loaded, ${problems.length} problems:\n  ${problems.slice(0, 10).join('\n  ')}`);
  }
  const byCode: Record<string, number> = {};
  for (const d of loader.diagnostics) byCode[`${d.severity} ${d.code}`] = (byCode[`${d.severity} ${d.code}`] ?? 0) + 1;
  return { loaded: all.length, ...counts, byCode };
}

function statsOf(m: Measure<unknown>, count: number): LoadMeasureStats {
  const s = summarize(m, 2);
  const medianUsPerSkill = round((median(m.samples) * 1000) / count, 2);
  return {
    label: s.label,
    medianMs: s.median,
    minMs: s.min,
    maxMs: s.max,
    medianUsPerSkill,
    roundsMs: s.rounds,
    cpuMedianMs: s.cpuMedian,
    cpuRoundsMs: s.cpuRounds,
  };
}
