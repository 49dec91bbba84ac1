/**
 * Format-layer benchmark: `parseSkill` against a bare `YAML.parse` of the
 * same front matter, on generated 1–4 KB skills held in memory.
 *
 * Shared machines are noisy, so each measure runs as repeated rounds over
 * all skills, rounds of different measures are interleaved (in a rotating
 * order), and we report medians and ratios within this one process.
 * @module
 */
import { createHash } from 'node:crypto';
import { parse as yamlParse } from 'yaml';
import { splitFrontmatter } from '../../src/format/frontmatter.js';
import { canonicalJson, sha256Digest } from '../../src/shared/hash.js';
import { parseSkill } from '../../src/format/parse.js';
import { digestSkill, frontmatterOf } from '../../src/format/serialize.js';
import type { Skill } from '../../src/format/types.js';
import { readYaml } from '../../src/format/yaml/read.js';
import { extractFrontmatter, generateSkills, type GeneratedSkill } from '../generate.js';
import { measure, medianOfRatios, round, schedule, startTimer, summarize, table, type Measure } from '../stats.js';

/** Options of {@link runParseBench}. */
export interface ParseBenchOptions {
  /** Skills generated and parsed per round (default 2,000). */
  count?: number;
  /** Measured rounds per measure (default 15). */
  rounds?: number;
  /** Unmeasured warm-up rounds per measure (default 3). */
  warmup?: number;
  /** Generator seed. */
  seed?: number;
  /** Pipeline/baseline ratio to meet (default 1.5). */
  target?: number;
  /** Output line writer (default `console.log`). */
  log?: (line: string) => void;
}

/** Per-skill times of one measure, in microseconds. */
export interface MeasureStats {
  readonly label: string;
  /** Wall-clock time per skill: median, min and max over the rounds. */
  readonly medianUs: number;
  readonly minUs: number;
  readonly maxUs: number;
  /** Wall-clock time per skill of each measured round. */
  readonly roundsUs: readonly number[];
  /**
   * CPU time (user + system, all threads of the process, so GC helpers
   * too) per skill, median over the rounds. Less disturbed than wall time
   * when other processes share the cores.
   */
  readonly cpuMedianUs: number;
  readonly cpuRoundsUs: readonly number[];
}

/** What {@link runParseBench} returns (and writes as JSON). */
export interface ParseBenchResult {
  readonly bench: 'parse';
  readonly node: string;
  readonly platform: string;
  readonly config: { count: number; rounds: number; warmup: number; seed: number | null };
  readonly corpus: {
    totalBytes: number;
    minBytes: number;
    maxBytes: number;
    meanBytes: number;
    meanFrontmatterBytes: number;
    skillsWithWarnings: number;
    warnings: number;
  };
  readonly measures: Record<string, MeasureStats>;
  readonly ratio: {
    /** Median over rounds of pipeline/baseline within each round (wall time). */
    readonly medianOfRoundRatios: number;
    /** Median pipeline time / median baseline time (wall time). */
    readonly ratioOfMedians: number;
    /** The same two on CPU time, for comparison. */
    readonly cpuMedianOfRoundRatios: number;
    readonly cpuRatioOfMedians: number;
    readonly target: number;
    readonly met: boolean;
  };
  /** Median pipeline time split into steps, per skill, in µs (rest = pipeline − the others). */
  readonly breakdownUs: Record<string, number>;
}

let sink = 0;

/** Runs the benchmark and returns its numbers; throws when a generated skill does not parse cleanly. */
export function runParseBench(options: ParseBenchOptions = {}): ParseBenchResult {
  const count = options.count ?? 2000;
  const rounds = options.rounds ?? 15;
  const warmup = options.warmup ?? 3;
  const target = options.target ?? 1.5;
  const log = options.log ?? ((line: string) => console.log(line));

  // ---- Inputs, all prepared outside the timed regions. ----
  const skills = generateSkills(count, options.seed === undefined ? {} : { seed: options.seed });
  const texts = skills.map((s) => s.text);
  const folders = skills.map((s) => s.folder);
  const fms = skills.map(frontmatterChecked);
  const parsed = checkAllParse(skills);
  const files = parsed.map((s) => s.files);
  const canonical = parsed.map((s) => canonicalJson({ frontmatter: frontmatterOf(s), body: s.content, files: s.files.map((f) => [f.path, f.digest]) }));
  const corpus = describeCorpus(skills, fms, parsed);

  // ---- Measures: each does one pass over all skills and returns something to keep it alive. ----
  const n = count;
  const measures: Measure<() => number>[] = [
    measure('baseline', 'baseline: YAML.parse(front matter)', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += (yamlParse(fms[i] as string) as object) ? 1 : 0;
      return k;
    }),
    measure('pipeline', 'pipeline: parseSkill(text, { folder })', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += parseSkill(texts[i] as string, { folder: folders[i] as string }).skill?.digest.length ?? 0;
      return k;
    }),
    measure('split', '  step: splitFrontmatter(text)', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += 'frame' in splitFrontmatter(texts[i] as string) ? 1 : 0;
      return k;
    }),
    measure('yaml', '  step: readYaml(front matter)', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += readYaml(fms[i] as string).problems.length + 1;
      return k;
    }),
    measure('digest', '  step: digestSkill(skill, files)', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += digestSkill(parsed[i] as Skill, files[i] ?? []).length;
      return k;
    }),
    measure('sha256Canonical', '    of which sha256Digest(canonical JSON)', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += sha256Digest(canonical[i] as string).length;
      return k;
    }),
    measure('sha256File', '  ref: sha256Digest(whole SKILL.md text)', () => {
      let k = 0;
      for (let i = 0; i < n; i++) k += sha256Digest(texts[i] as string).length;
      return k;
    }),
    measure('nodeCryptoCanonical', '  ref: node:crypto sha256(canonical JSON)', () => {
      let k = 0;
      for (let i = 0; i < n; i++)
        k += createHash('sha256')
          .update(canonical[i] as string)
          .digest('hex').length;
      return k;
    }),
  ];

  // ---- Rounds: every measure once per round, the order rotated each round to spread noise. ----
  for (const [m, measured] of schedule(measures, warmup, rounds)) {
    const stop = startTimer();
    sink += m.work();
    const { ms, cpuUs } = stop();
    if (measured) {
      m.samples.push((ms * 1000) / n);
      m.cpuSamples.push(cpuUs / n);
    }
  }
  if (sink === 0) log('(sink is zero)');

  // ---- Statistics. ----
  const stats: Record<string, MeasureStats> = {};
  for (const m of measures) stats[m.key] = statsOf(m);
  const base = stats['baseline'] as MeasureStats;
  const pipe = stats['pipeline'] as MeasureStats;
  const medianOfRoundRatios = medianOfRatios(pipe.roundsUs, base.roundsUs);
  const ratioOfMedians = pipe.medianUs / base.medianUs;
  const cpuMedianOfRoundRatios = medianOfRatios(pipe.cpuRoundsUs, base.cpuRoundsUs);
  const cpuRatioOfMedians = pipe.cpuMedianUs / base.cpuMedianUs;
  const med = (key: string): number => stats[key]?.medianUs ?? 0;
  const breakdownUs = {
    split: med('split'),
    yaml: med('yaml'),
    digest: med('digest'),
    rest: med('pipeline') - med('split') - med('yaml') - med('digest'),
  };
  const met = medianOfRoundRatios <= target && ratioOfMedians <= target;

  const result: ParseBenchResult = {
    bench: 'parse',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    config: { count, rounds, warmup, seed: options.seed ?? null },
    corpus,
    measures: stats,
    ratio: {
      medianOfRoundRatios: round(medianOfRoundRatios, 3),
      ratioOfMedians: round(ratioOfMedians, 3),
      cpuMedianOfRoundRatios: round(cpuMedianOfRoundRatios, 3),
      cpuRatioOfMedians: round(cpuRatioOfMedians, 3),
      target,
      met,
    },
    breakdownUs: Object.fromEntries(Object.entries(breakdownUs).map(([k, v]) => [k, round(v, 3)])),
  };
  printReport(result, log);
  return result;
}

function frontmatterChecked(skill: GeneratedSkill): string {
  const fm = extractFrontmatter(skill.text);
  if (fm === undefined || fm !== skill.frontmatter) throw new Error(`bench: cannot extract the front matter of ${skill.folder}`);
  return fm;
}

/** The assertion of this bench: every generated skill parses with no errors (and YAML.parse agrees on the name). */
function checkAllParse(skills: readonly GeneratedSkill[]): Skill[] {
  const out: Skill[] = [];
  const failures: string[] = [];
  for (const s of skills) {
    const result = parseSkill(s.text, { folder: s.folder });
    const plain = yamlParse(s.frontmatter) as { name?: unknown } | null;
    if (!result.skill || result.errors.length > 0 || plain?.name !== s.folder) {
      const first = result.errors[0];
      failures.push(`${s.folder}: ${first ? `${first.line}:${first.column} ${first.code} ${first.message}` : 'YAML.parse disagrees on name'}`);
      continue;
    }
    out.push(result.skill);
  }
  if (failures.length > 0) {
    throw new Error(`bench: ${failures.length} of ${skills.length} generated skills do not parse cleanly:\n  ${failures.slice(0, 10).join('\n  ')}`);
  }
  return out;
}

function describeCorpus(skills: readonly GeneratedSkill[], fms: readonly string[], parsed: readonly Skill[]): ParseBenchResult['corpus'] {
  const sizes = skills.map((s) => s.bytes);
  const encoder = new TextEncoder();
  const fmBytes = fms.reduce((sum, fm) => sum + encoder.encode(fm).byteLength, 0);
  const total = sizes.reduce((a, b) => a + b, 0);
  return {
    totalBytes: total,
    minBytes: Math.min(...sizes),
    maxBytes: Math.max(...sizes),
    meanBytes: Math.round(total / skills.length),
    meanFrontmatterBytes: Math.round(fmBytes / skills.length),
    skillsWithWarnings: parsed.filter((s) => s.diagnostics.length > 0).length,
    warnings: parsed.reduce((sum, s) => sum + s.diagnostics.length, 0),
  };
}

function statsOf(m: Measure<unknown>): MeasureStats {
  const s = summarize(m, 3);
  return { label: s.label, medianUs: s.median, minUs: s.min, maxUs: s.max, roundsUs: s.rounds, cpuMedianUs: s.cpuMedian, cpuRoundsUs: s.cpuRounds };
}

function printReport(r: ParseBenchResult, log: (line: string) => void): void {
  const base = r.measures['baseline']?.medianUs ?? Number.NaN;
  const cpuBase = r.measures['baseline']?.cpuMedianUs ?? Number.NaN;
  const c = r.corpus;
  log(
    `parse bench: ${r.config.count} skills, ${c.minBytes}–${c.maxBytes} B (mean ${c.meanBytes} B, front matter mean ${c.meanFrontmatterBytes} B); ${r.config.rounds} rounds after ${r.config.warmup} warm-up; node ${r.node}`,
  );
  log(`all ${r.config.count} generated skills parse with no errors (${c.skillsWithWarnings} with warnings/infos, ${c.warnings} in all)`);
  log('');
  const rows: string[][] = [['measure (per skill)', 'median µs', 'min µs', 'max µs', '× baseline', 'cpu µs', 'cpu ×']];
  for (const m of Object.values(r.measures)) {
    rows.push([
      m.label,
      m.medianUs.toFixed(2),
      m.minUs.toFixed(2),
      m.maxUs.toFixed(2),
      (m.medianUs / base).toFixed(2),
      m.cpuMedianUs.toFixed(2),
      (m.cpuMedianUs / cpuBase).toFixed(2),
    ]);
  }
  const rest = r.breakdownUs['rest'] ?? 0;
  rows.push(['  rest (by difference): fields, glue, cache/GC', rest.toFixed(2), '', '', (rest / base).toFixed(2), '', '']);
  table(rows, log);
  log('');
  const pipe = r.measures['pipeline']?.medianUs ?? Number.NaN;
  const share = (key: string): string => `${(((r.breakdownUs[key] ?? 0) / pipe) * 100).toFixed(0)} %`;
  log(`pipeline breakdown: split ${share('split')}, yaml ${share('yaml')}, digest ${share('digest')}, rest ${share('rest')}`);
  log(`ratio pipeline/baseline: median of per-round ratios ${r.ratio.medianOfRoundRatios.toFixed(2)}×, ratio of medians ${r.ratio.ratioOfMedians.toFixed(2)}×`);
  log(`  (on CPU time: ${r.ratio.cpuMedianOfRoundRatios.toFixed(2)}× and ${r.ratio.cpuRatioOfMedians.toFixed(2)}×)`);
  log(`target ≤ ${r.ratio.target}×: ${r.ratio.met ? 'met' : 'not met'}`);
}
