/**
 * The loader bench's peak-memory measure: one load of each kind, each alone
 * in a fresh child process running this same bundle.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SkillLoader } from '../../src/loader/loader.js';
import { directorySource, type DirectorySourceOptions } from '../../src/node/directory/directory-source.js';
import { readTree } from './loader-tree.js';
import { median, round } from '../stats.js';

/** The environment variable that turns the bundled bench into a peak-memory child (see bench/index.ts). */
export const CHILD_ENV = 'SATCHEL_BENCH_CHILD';
const MB = 1024 * 1024;

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

/** What a memory child loads: nothing, the baseline's plain reads, or the whole pipeline. */
export type ChildKind = 'idle' | 'baseline' | 'pipeline';

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
export function measureMemory(dir: string, sourceOptions: DirectorySourceOptions, runs: number, count: number): Partial<Record<ChildKind, ChildMemory>> {
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
      coldLoadMs: round(
        med((x) => x.ms),
        1,
      ),
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
