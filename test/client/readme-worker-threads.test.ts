// The README's worker_threads example, run as a user would run it: its two files taken from README.md, bundled
// (`satchel/*` resolved to src/), then `node main.mjs` in a child process. It must print its line and exit by itself:
// an idle client holds no reference on the Worker, so the script needs no terminate().
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillMd } from '../support/skill-md.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir = '';

/** The ```js block of README.md whose first line is `// <file>`. */
async function readmeFile(file: string): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? '').find((code) => code.startsWith(`// ${file}\n`));
  if (block === undefined) throw new Error(`README.md has no js block starting with "// ${file}"`);
  return block;
}

async function bundle(entry: string): Promise<void> {
  const { build } = await import('vite');
  const alias = ['node', 'worker', 'client'].map((entryName) => ({ find: `satchel/${entryName}`, replacement: join(root, 'src', entryName, 'index.ts') }));
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias },
    // Everything in one file: the script runs from a temp folder with no node_modules of its own.
    ssr: { noExternal: true },
    build: {
      ssr: join(dir, 'src', entry),
      outDir: dir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
  });
}

function run(file: string, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'satchel-readme-worker-'));
  await mkdir(join(dir, 'src'));
  await mkdir(join(dir, 'skills', 'pdf-summary'), { recursive: true });
  await writeFile(
    join(dir, 'skills', 'pdf-summary', 'SKILL.md'),
    skillMd('pdf-summary', { description: 'Summarize a PDF document: its sections and key points.' }),
  );
  for (const file of ['skills-worker.mjs', 'main.mjs']) await writeFile(join(dir, 'src', file), await readmeFile(file));
  await bundle('skills-worker.mjs');
  await bundle('main.mjs');
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the README's worker_threads example", () => {
  it('prints its line and exits on its own', async () => {
    const result = await run('main.mjs', 20_000);
    expect(result.timedOut, `the script did not exit within 20 s; stdout: ${result.stdout}`).toBe(false);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('1 skills; activated: pdf-summary');
  }, 30_000);
});
