/**
 * The loader bench's plain-text report.
 * @module
 */
import type { LoaderBenchResult } from './loader-result.js';
import { table } from '../stats.js';

/** Logs the tables and ratios of a loader bench run. */
export function printReport(r: LoaderBenchResult, log: (line: string) => void): void {
  const c = r.corpus;
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;
  log(
    `loader bench: ${c.skills} skills in a temp directory (${c.skillsWithResources} with resource files; ${c.files} files, ${c.folders} folders, ${kb(c.totalBytes)}: SKILL.md ${c.minSkillBytes}–${c.maxSkillBytes} B, ${kb(c.skillMdBytes)} in all, resources ${kb(c.resourceBytes)}); ${r.config.rounds} rounds after ${r.config.warmup} warm-up; node ${r.node}, ${r.cpus} cpus`,
  );
  const d = r.check.withDefaults;
  if (Object.keys(r.config.sourceOptions).length > 0) {
    log(
      `note: directorySource(dir) with its defaults loads ${d.loaded} of ${c.skills} (${d.discoveryLimit ?? 'no discovery-limit diagnostic'}); the bench passes ${JSON.stringify(r.config.sourceOptions)}`,
    );
  }
  log(`all ${r.check.loaded} skills load with their files and no errors (${r.check.warnings} warnings, ${r.check.infos} infos)`);
  log('');
  const base = r.measures['baseline']?.medianMs ?? Number.NaN;
  const cpuBase = r.measures['baseline']?.cpuMedianMs ?? Number.NaN;
  const rows: string[][] = [['measure (one whole load)', 'median ms', 'min ms', 'max ms', 'µs/skill', '× baseline', 'cpu ms', 'cpu ×']];
  for (const m of Object.values(r.measures)) {
    rows.push([
      m.label,
      m.medianMs.toFixed(1),
      m.minMs.toFixed(1),
      m.maxMs.toFixed(1),
      m.medianUsPerSkill.toFixed(1),
      (m.medianMs / base).toFixed(2),
      m.cpuMedianMs.toFixed(1),
      (m.cpuMedianMs / cpuBase).toFixed(2),
    ]);
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
    const mrows: string[][] = [
      ['process', 'peak RSS MB', 'over idle', '/usr/bin/time MB', 'heap peak MB', 'heap total MB', 'retained heap MB', 'retained ext MB', 'cold load ms'],
    ];
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
