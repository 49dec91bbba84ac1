// Runs the CLI in-process with captured output.
import { runCli } from '../../../src/node/cli/index.js';

/** What one run gave: the exit code and everything written. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `satchel …argv` in `cwd`. */
export async function cli(cwd: string, ...argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: { write: (t: string) => (out += t) }, err: { write: (t: string) => (err += t) }, cwd });
  return { code, out, err };
}
