/**
 * The hostile bench (`npm run bench:hostile`): one case per class of input
 * built to take time or memory, each run alone in a fresh child process,
 * reporting its time and peak memory. Target: every SKILL.md within the
 * default size limit parses in under 50 ms.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { parseSkill } from '../../src/format/parse.js';
import { substituteArguments } from '../../src/agent/arguments.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import * as inputs from './hostile-inputs.js';
import { CHILD_ENV } from '../load/loader-memory.js';
import { median, round } from '../stats.js';

const MB = 1024 * 1024;
const TARGET_MS = 50;

const parseCase = (name: string, input: string, text: () => string): inputs.HostileCase => ({
  name,
  input,
  prepare: () => {
    const t = text();
    return { bytes: inputs.bytesOf(t), work: () => parseSkill(t) };
  },
});

/** Every case, by name. */
export const HOSTILE_CASES: readonly inputs.HostileCase[] = [
  parseCase('alias-expansion', '80 anchored 1,900-char strings × 99 aliases in `examples`', inputs.aliasExpansion),
  parseCase('alias-expansion-32k', '10 anchored 1,900-char strings × 99 aliases (27 KiB of front matter)', inputs.aliasExpansionSmall),
  parseCase('aliased-map-32k', 'a 2,500-key map aliased 20 times', inputs.aliasedMapSmall),
  parseCase('compact-sequences', '`- - - … x`, 120,000 levels', inputs.compactSequences),
  parseCase('deep-block-maps', 'block maps 690 levels deep', inputs.deepBlockMaps),
  parseCase('colon-recovery', '20,000 lines `<key>: a: b`', inputs.colonRecovery),
  parseCase('colon-recovery-32k', '2,600 lines `kN: a: b` (32 KiB of front matter)', inputs.colonRecoverySmall),
  parseCase('metadata-keys-32k', '`metadata` with 3,000 keys (32 KiB of front matter)', inputs.metadataKeysSmall),
  parseCase('metadata-keys', '`metadata` with 20,000 keys', inputs.metadataKeys),
  parseCase('aliased-map', 'a 20,000-key map, aliased once', inputs.aliasedMap),
  {
    name: 'arguments',
    input: '`$0` × 120,000 in the body, a 4,000-char argument',
    prepare: () => {
      const { body, args } = inputs.hugeArguments();
      const work = (): unknown => {
        try {
          return substituteArguments(body, args).length;
        } catch (e) {
          return e instanceof Error ? `${e.name}${'code' in e ? ` ${String(e.code)}` : ''}` : 'thrown';
        }
      };
      return { bytes: inputs.bytesOf(body) + inputs.bytesOf(args), work };
    },
  },
  {
    name: 'listing-50k',
    input: '`SkillLoader.loadAll` over a 50,000-entry `memorySource`',
    prepare: () => {
      const files = inputs.bigListing();
      const work = () =>
        new SkillLoader({ builtin: memorySource(files) }).loadAll().then(
          (skills) => skills.length,
          (e: unknown) => (e as { code?: string }).code ?? 'rejected',
        );
      return { bytes: inputs.listingBytes(files), work };
    },
  },
];

/** One case's measure, as a child prints it. */
export interface HostileResult {
  readonly name: string;
  readonly input: string;
  readonly bytes: number;
  /** Median wall time of the warm runs after the first, ms (the first alone when it takes over a second). */
  readonly ms: number;
  /** Wall time of the first, cold run, ms. */
  readonly coldMs: number;
  /** Median CPU time (user + system) of the runs, ms: less swayed than wall time by other work on a shared machine. */
  readonly cpuMs: number;
  readonly runs: number;
  /** `heapUsed` right after the first run minus before it, MB. */
  readonly heapDeltaMb: number;
  /** Peak RSS growth during the first run (`maxRSS`), MB. */
  readonly peakRssDeltaMb: number;
  /** What the work returned: a diagnostic code, a count or an error name. */
  readonly outcome: string;
  /** Parsing cases only: warm wall time under {@link TARGET_MS} (CPU time also counts the GC's helper threads). */
  readonly withinTarget: boolean | null;
}

function outcomeOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'errors' in value) {
    const r = value as { errors: { code: string }[]; skill?: unknown };
    return r.skill ? 'parsed' : `error: ${r.errors[0]?.code ?? '?'}${r.errors.length > 1 ? ` (+${r.errors.length - 1})` : ''}`;
  }
  return String(value);
}

/** Child side: runs the named case and prints its {@link HostileResult} as one JSON line. */
export async function hostileChild(name: string): Promise<void> {
  const c = HOSTILE_CASES.find((x) => x.name === name);
  if (!c) throw new Error(`bench: no hostile case ${name}`);
  const { bytes, work } = c.prepare();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const cpuNow = (): number => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const timed = async (): Promise<{ value: unknown; ms: number; cpu: number }> => {
    const start = performance.now();
    const cpuStart = cpuNow();
    const value = await work();
    return { value, ms: performance.now() - start, cpu: cpuNow() - cpuStart };
  };
  // The first run is cold (no JIT) and the one memory is measured on; the median is of warm runs, as when a loader
  // has parsed other skills before this one.
  const first = await timed();
  const heapAfter = process.memoryUsage().heapUsed;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  while (times.length < 7 && first.ms < 1000) {
    const run = await timed();
    times.push(run.ms);
    cpuTimes.push(run.cpu);
  }
  const value = first.value;
  const ms = round(times.length > 0 ? median(times) : first.ms, 1);
  const cpuMs = round(cpuTimes.length > 0 ? median(cpuTimes) : first.cpu, 1);
  const coldMs = round(first.ms, 1);
  const result: HostileResult = {
    name: c.name,
    input: c.input,
    bytes,
    ms,
    cpuMs,
    coldMs,
    runs: times.length + 1,
    heapDeltaMb: round((heapAfter - heapBefore) / MB, 1),
    peakRssDeltaMb: round(Math.max(0, peakRss - rssBefore) / MB, 1),
    outcome: outcomeOf(value),
    withinTarget: c.name === 'arguments' || c.name === 'listing-50k' ? null : ms < TARGET_MS,
  };
  console.log(JSON.stringify(result));
}

/** Runs every case in its own child and prints a table; returns the results for `reports/bench-hostile.json`. */
export function runHostileBench(): { targetMs: number; cases: HostileResult[] } {
  const bundle = process.argv[1];
  if (bundle === undefined) throw new Error('bench: cannot tell which file to run as the hostile child');
  const cases: HostileResult[] = [];
  for (const c of HOSTILE_CASES) {
    const out = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', bundle], {
      encoding: 'utf8',
      env: { ...process.env, [CHILD_ENV]: `hostile:${c.name}` },
    });
    const line = out.stdout.trim().split('\n').pop() ?? '';
    if (out.status !== 0 || !line.startsWith('{')) {
      console.log(`${c.name}: child failed with status ${String(out.status ?? out.signal)}: ${out.stderr.trim().split('\n').slice(-3).join(' ')}`);
      continue;
    }
    const result = JSON.parse(line) as HostileResult;
    cases.push(result);
    console.log(JSON.stringify(result));
  }
  console.log('\n| case | input | KiB | cold ms | warm ms | warm CPU ms | heap Δ MB | peak RSS Δ MB | outcome |\n|---|---|---|---|---|---|---|---|---|');
  for (const r of cases) {
    console.log(
      `| ${r.name} | ${r.input} | ${round(r.bytes / 1024, 0)} | ${r.coldMs} | ${r.ms} | ${r.cpuMs} | ${r.heapDeltaMb} | ${r.peakRssDeltaMb} | ${r.outcome} |`,
    );
  }
  return { targetMs: TARGET_MS, cases };
}
