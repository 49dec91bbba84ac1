/**
 * What the timed benches share: measures timed in interleaved rounds (their
 * order rotated each round to spread noise), medians and rounding, and the
 * plain-text tables they print.
 * @module
 */

/** One measure: a labelled piece of work, timed once per round, and its samples so far. */
export interface Measure<W> {
  /** Key of the measure in the bench's result. */
  readonly key: string;
  /** Label of its row in the printed table. */
  readonly label: string;
  /** One pass of the work; returns a number to keep its result alive. */
  readonly work: W;
  /** Wall-clock time of each measured round, in the bench's own unit. */
  readonly samples: number[];
  /** CPU time of each measured round, in the bench's own unit. */
  readonly cpuSamples: number[];
}

/** A measure with no samples yet. */
export function measure<W>(key: string, label: string, work: W): Measure<W> {
  return { key, label, work, samples: [], cpuSamples: [] };
}

/**
 * The order in which rounds run the measures: every measure once per round,
 * `warmup` unmeasured rounds then `rounds` measured ones, the order rotated
 * by one each round. Yields each measure with whether this round is measured.
 */
export function* schedule<T>(measures: readonly T[], warmup: number, rounds: number): Generator<[item: T, measured: boolean]> {
  for (let r = 0; r < warmup + rounds; r++) {
    for (const m of rotate(measures, r)) yield [m, r >= warmup];
  }
}

/** Wall-clock and CPU time of one timed stretch. */
export interface Timing {
  /** Wall-clock time, milliseconds. */
  readonly ms: number;
  /** CPU time (user + system, all threads of the process), microseconds. */
  readonly cpuUs: number;
}

/** Starts timing (CPU, then wall clock); the function returned stops it (wall clock, then CPU). */
export function startTimer(): () => Timing {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    return { ms, cpuUs: cpu.user + cpu.system };
  };
}

/** The list rotated left by `by` places. */
export function rotate<T>(list: readonly T[], by: number): T[] {
  const k = by % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

/** The median (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The median over rounds of `a[i] / b[i]`: the ratio of two measures within each round. */
export function medianOfRatios(a: readonly number[], b: readonly number[]): number {
  return median(a.map((x, i) => x / (b[i] ?? Number.NaN)));
}

/** `x` rounded to `digits` decimals. */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** The samples of a measure, each number rounded to `digits` decimals. */
export interface SampleStats {
  readonly label: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly rounds: readonly number[];
  readonly cpuMedian: number;
  readonly cpuRounds: readonly number[];
}

/** Median, min, max and rounds of a measure's wall-clock and CPU samples. */
export function summarize(m: Measure<unknown>, digits: number): SampleStats {
  return {
    label: m.label,
    median: round(median(m.samples), digits),
    min: round(Math.min(...m.samples), digits),
    max: round(Math.max(...m.samples), digits),
    rounds: m.samples.map((x) => round(x, digits)),
    cpuMedian: round(median(m.cpuSamples), digits),
    cpuRounds: m.cpuSamples.map((x) => round(x, digits)),
  };
}

/** Logs `rows` as a table: the first row is the header, the first column left-aligned and the others right-aligned. */
export function table(rows: readonly (readonly string[])[], log: (line: string) => void): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]): string => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  log(line(rows[0]!));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) log(line(row));
}
