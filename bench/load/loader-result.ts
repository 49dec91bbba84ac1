// The shape of the loader bench's result, shared by the bench and its report.
import type { DirectorySourceOptions } from '../../src/node/directory/directory-source.js';
import type { ChildKind, ChildMemory } from './loader-memory.js';
import type { LoaderCorpus } from './loader-tree.js';

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

/** What {@link runLoaderBench} returns (and writes as JSON). */
export interface LoaderBenchResult {
  readonly bench: 'loader';
  readonly node: string;
  readonly platform: string;
  readonly cpus: number;
  readonly config: { count: number; rounds: number; warmup: number; seed: number | null; referenceRate: number; sourceOptions: DirectorySourceOptions };
  readonly corpus: LoaderCorpus;
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
