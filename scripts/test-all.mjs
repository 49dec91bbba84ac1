#!/usr/bin/env node
// What `npm test` runs (after `pretest` has made sure of node_modules and Chromium):
//
//   1. typecheck   tsc -p tsconfig.json --noEmit
//   2. format      prettier --check .            (the house style; `npm run format` fixes it)
//   3. node        vitest run --project node     → reports/vitest-node.json
//   4. browser     vitest run --project browser  → reports/vitest-browser.json
//   5. e2e         playwright test               → reports/playwright.json
//
// Every step runs even when an earlier one failed. The last line printed is
//
//   tests: N passed, N failed, N skipped
//
// summed over the runners' JSON reports (also written to reports/summary.txt). A step that fails without a failed
// test in its report (a crash, a type error, a file that does not load, a web server that does not start) counts as
// one failed test, so the line never reads "0 failed" when the exit code says otherwise. Exit code 1 on any failure.
//
//   node scripts/test-all.mjs [--only typecheck|format|node|browser|e2e[,…]]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// One step may not hang the whole CI run (90 minutes in all).
const STEP_TIMEOUT_MS = Number(process.env['SATCHEL_STEP_TIMEOUT_MS'] ?? 20 * 60 * 1000);

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
delete env['npm_config_color'];

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */
/**
 * @typedef {object} Step
 * @property {string} id
 * @property {string} title
 * @property {string} command
 * @property {string[]} args
 * @property {string} [report]
 * @property {(json: any) => Counts & { loadFailures?: number }} [count]
 */

/** Vitest JSON (Jest-compatible): tests, plus files that failed without a failed test (import or syntax errors). */
function countVitest(json) {
  const passed = Number(json.numPassedTests ?? 0);
  const failed = Number(json.numFailedTests ?? 0);
  const skipped = Number(json.numPendingTests ?? 0) + Number(json.numTodoTests ?? 0);
  let loadFailures = 0;
  for (const file of json.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    if (file.status === 'failed' && !assertions.some((a) => a.status === 'failed')) loadFailures += 1;
  }
  return { passed, failed: failed + loadFailures, skipped, loadFailures };
}

/** Playwright JSON: a flaky test passed on retry and counts as passed; global errors count as failures. */
function countPlaywright(json) {
  const stats = json.stats ?? {};
  const loadFailures = Array.isArray(json.errors) ? json.errors.length : 0;
  return {
    passed: Number(stats.expected ?? 0) + Number(stats.flaky ?? 0),
    failed: Number(stats.unexpected ?? 0) + loadFailures,
    skipped: Number(stats.skipped ?? 0),
    loadFailures,
  };
}

/** @type {Step[]} */
const STEPS = [
  {
    id: 'typecheck',
    title: 'typecheck (tsc --noEmit)',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.json', '--noEmit'],
  },
  {
    id: 'format',
    title: 'format (prettier --check .)',
    command: bin('prettier'),
    args: ['--check', '--log-level', 'warn', '.'],
  },
  ...['node', 'browser'].map((project) => ({
    id: project,
    title: `vitest --project ${project}`,
    command: bin('vitest'),
    args: ['run', '--project', project, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=reports/vitest-${project}.json`],
    report: join(reports, `vitest-${project}.json`),
    count: countVitest,
  })),
  {
    id: 'e2e',
    title: 'playwright test',
    command: bin('playwright'),
    args: ['test'],
    report: join(reports, 'playwright.json'),
    count: countPlaywright,
  },
];

function parseOnly(argv) {
  const index = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (index === -1) return undefined;
  const value = argv[index].startsWith('--only=') ? argv[index].slice('--only='.length) : argv[index + 1];
  const ids = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = STEPS.map((s) => s.id);
  const unknown = ids.filter((id) => !known.includes(id));
  if (ids.length === 0 || unknown.length > 0) {
    process.stderr.write(`usage: node scripts/test-all.mjs [--only ${known.join('|')}[,…]]\n`);
    process.exit(2);
  }
  return new Set(ids);
}

let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current?.pid) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/** Runs one step in its own process group (so a timeout can stop its browsers and servers too). */
function runStep(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    let timedOut = false;
    const child = spawn(step.command, step.args, {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: process.platform !== 'win32',
    });
    current = child;
    const timer = setTimeout(() => {
      timedOut = true;
      process.stderr.write(`\n[test-all] ${step.title}: timed out after ${STEP_TIMEOUT_MS / 1000} s, stopping it\n`);
      try {
        process.kill(-child.pid, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }, 10_000).unref();
      } catch {
        child.kill('SIGKILL');
      }
    }, STEP_TIMEOUT_MS);
    const finish = (code, error) => {
      clearTimeout(timer);
      current = undefined;
      resolve({ code: timedOut ? 124 : code, error, seconds: (Date.now() - started) / 1000 });
    };
    child.once('error', (error) => finish(127, error));
    child.once('exit', (code, signal) => finish(code ?? (signal ? 128 : 1), undefined));
  });
}

function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const only = parseOnly(process.argv.slice(2));
const steps = STEPS.filter((s) => (only ? only.has(s.id) : true));
mkdirSync(reports, { recursive: true });
rmSync(join(reports, 'summary.txt'), { force: true });

const total = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let anyFailed = false;

for (const step of steps) {
  if (step.report) rmSync(step.report, { force: true });
  process.stdout.write(`\n[test-all] ▶ ${step.title}\n`);
  const { code, error, seconds } = await runStep(step);
  const ok = code === 0;
  if (!ok) anyFailed = true;
  if (error) process.stderr.write(`[test-all] ${step.title}: could not start: ${error.message}\n`);

  let counts = { passed: 0, failed: 0, skipped: 0 };
  let note = '';
  if (step.report && step.count) {
    const json = existsSync(step.report) ? readReport(step.report) : undefined;
    if (json === undefined) {
      note = ' (no report written)';
      counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
      if (ok) {
        // Exit 0 without a report is still a broken step.
        anyFailed = true;
        counts.failed = 1;
      }
    } else {
      const c = step.count(json);
      counts = { passed: c.passed, failed: c.failed, skipped: c.skipped };
      if (c.loadFailures) note = ` (${c.loadFailures} file/suite error${c.loadFailures === 1 ? '' : 's'})`;
      if (counts.failed > 0) anyFailed = true;
      if (!ok && counts.failed === 0) {
        note = ` (exit ${code} with no failed test)`;
        counts.failed = 1;
      }
    }
  } else if (!ok) {
    counts.failed = 1; // typecheck
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  const verdict = ok && counts.failed === 0 ? 'ok' : 'FAILED';
  lines.push(
    `  ${verdict.padEnd(6)} ${step.title.padEnd(28)} ${step.report ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : ok ? 'no errors' : `exit ${code}`}${note} [${seconds.toFixed(1)} s]`,
  );
}

const summary = `tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
writeFileSync(join(reports, 'summary.txt'), `${summary}\n`);
process.stdout.write(`\n[test-all] steps:\n${lines.join('\n')}\n${summary}\n`);
process.exitCode = anyFailed ? 1 : 0;
