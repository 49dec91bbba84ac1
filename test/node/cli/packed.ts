// The satchel package as a user gets it: a copy of this checkout packed by `npm pack` (its `prepack` builds dist/),
// unpacked into a temp folder, with this checkout's node_modules beside it. `bin/satchel.js` of that package is the
// command the tests run, in a child process. Packing takes a few seconds: call `packSatchel()` once per test file.
import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CliRun } from './run.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** What a checkout needs to build and pack, and nothing it could have built already (no dist/). */
const CHECKOUT = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'LICENSE', 'bin', 'src'];

/** The packed and unpacked package. */
export interface PackedSatchel {
  /** `node bin/satchel.js --version` in the copied checkout before anything was built. */
  readonly beforeBuild: CliRun;
  /** The paths `npm pack` put into the tarball. */
  readonly files: readonly string[];
  /** The unpacked package's `bin/satchel.js`. */
  readonly bin: string;
  /** Runs `node bin/satchel.js …argv` in `cwd`; `env` is added to this process's environment. */
  satchel(cwd: string, argv: readonly string[], env?: Readonly<Record<string, string>>): Promise<CliRun>;
  /** Removes the temp folders. */
  remove(): Promise<void>;
}

/** Copies the checkout, runs its bin unbuilt, packs it (building it) and unpacks the tarball. */
export async function packSatchel(): Promise<PackedSatchel> {
  const root = await mkdtemp(join(tmpdir(), 'satchel-packed-'));
  const checkout = join(root, 'checkout');
  await mkdir(checkout);
  for (const name of CHECKOUT) await cp(join(repo, name), join(checkout, name), { recursive: true });
  await symlink(join(repo, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  const beforeBuild = await satchelAt(join(checkout, 'bin/satchel.js'), checkout, ['--version']);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', root], { cwd: checkout, maxBuffer: 64 * 1024 * 1024 });
  // Lifecycle scripts may print before the JSON.
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  if (packed === undefined) throw new Error(`npm pack printed no package: ${stdout}`);
  const installed = join(root, 'installed');
  await mkdir(installed);
  await run('tar', ['-xzf', join(root, packed.filename), '-C', installed]);
  const pkg = join(installed, 'package');
  await symlink(join(repo, 'node_modules'), join(pkg, 'node_modules'), 'dir');
  const bin = join(pkg, 'bin/satchel.js');
  return {
    beforeBuild,
    files: packed.files.map((f) => f.path),
    bin,
    satchel: (cwd, argv, env) => satchelAt(bin, cwd, argv, env),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Runs `node <bin> …argv` in `cwd` with stdin closed; never rejects on a failing exit code. */
function satchelAt(bin: string, cwd: string, argv: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // No inherited COLUMNS: tables are cut only where a test asks for a width.
    const child = spawn(process.execPath, [bin, ...argv], { cwd, env: { ...process.env, COLUMNS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}
