/**
 * The parse bench again, counted in machine instructions instead of time.
 *
 * Wall-clock medians on a shared 2-core machine swing by ±20 % between
 * runs of the same build; instruction counts under valgrind's callgrind do
 * not (the same binary, inputs and environment give the same count). Three
 * child processes run the same bundle: setup only, setup + the bare
 * `YAML.parse` passes, setup + the `parseSkill` passes. Subtracting the
 * setup leaves the instructions of each workload, JIT compilation and GC
 * included, and their ratio. Skipped, with a note, where valgrind is missing.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { parse as yamlParse } from 'yaml';
import { parseSkill } from '../../src/format/parse.js';
import { extractFrontmatter, generateSkills } from '../generate.js';
import { CHILD_ENV } from '../load/loader-memory.js';

/** Options of {@link runInstructionsBench}. */
export interface InstructionsBenchOptions {
  /** Skills generated (default 500: valgrind runs node some 50 times slower). */
  count?: number;
  /** Passes over them in each child (default 4, so JIT warm-up is a small share). */
  rounds?: number;
  log?: (line: string) => void;
}

type Mode = 'setup' | 'baseline' | 'pipeline';

/** Counts the instructions of each workload and prints their ratio. */
export async function runInstructionsBench(options: InstructionsBenchOptions = {}): Promise<object> {
  const count = options.count ?? 500;
  const passes = options.rounds ?? 4;
  const log = options.log ?? ((line: string) => console.log(line));
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    log('instructions bench: valgrind is not installed; skipped (apt-get install valgrind)');
    return { skipped: 'valgrind not installed' };
  }
  log(`instructions bench: ${count} skills × ${passes} passes per child under valgrind --tool=callgrind (about 1–2 minutes)`);
  const modes: Mode[] = ['setup', 'baseline', 'pipeline'];
  const counts = await Promise.all(modes.map((mode) => countInstructions(`instructions:${mode}:${count}:${passes}`)));
  const [setup, baseline, pipeline] = counts as [number, number, number];
  const base = baseline - setup;
  const pipe = pipeline - setup;
  const perSkill = (n: number): number => Math.round(n / (count * passes));
  log('workload                                  instructions  per skill  × baseline');
  log(`baseline: YAML.parse(front matter)     ${String(base).padStart(15)}  ${String(perSkill(base)).padStart(9)}        1.00`);
  log(`pipeline: parseSkill(text, { folder }) ${String(pipe).padStart(15)}  ${String(perSkill(pipe)).padStart(9)}  ${(pipe / base).toFixed(2).padStart(10)}`);
  log(`target ≤ 1.5× (instructions): ${pipe / base <= 1.5 ? 'met' : 'not met'}`);
  return { count, passes, setup, baseline: base, pipeline: pipe, ratio: pipe / base };
}

function countInstructions(spec: string): Promise<number> {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--smc-check=all-non-file', process.execPath, process.argv[1] as string];
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { env: { ...process.env, [CHILD_ENV]: spec }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /Collected\s*:\s*(\d+)/.exec(stderr);
      if (code === 0 && m) resolve(Number(m[1]));
      else reject(new Error(`valgrind child ${spec} failed (exit ${code}): ${stderr.slice(-400)}`));
    });
  });
}

/** Child side: `<mode>:<count>:<passes>`; runs the workload once, with the same setup in every mode. */
export async function instructionsChild(spec: string): Promise<void> {
  const [mode, count, passes] = spec.split(':');
  const skills = generateSkills(Number(count));
  const fms = skills.map((s) => extractFrontmatter(s.text) ?? '');
  let sink = 0;
  for (let p = 0; p < Number(passes); p++) {
    if (mode === 'baseline') for (const fm of fms) sink += yamlParse(fm) ? 1 : 0;
    if (mode === 'pipeline') for (const s of skills) sink += parseSkill(s.text, { folder: s.folder }).skill ? 1 : 0;
  }
  if (sink < 0) console.log(sink);
}
