/**
 * `satchel lock [--frozen] <agent.md>`: pins the published plugins an
 * `agent.md` selects in `plugins.lock` beside it; with `--frozen`, writes
 * nothing and exits 1 when the lock would change (for CI).
 * @module
 */
import { resolve } from 'node:path';
import { lockAgent, type AgentLockResult } from '../../plugins/agent-files.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { plural, shownPath } from '../output/print.js';
import { textTable } from '../output/table.js';

/** Writes (or, frozen, checks) the lock; resolves to the exit code. */
export async function lockCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const [agent, ...extra] = flags.paths;
  if (agent === undefined || extra.length > 0) {
    io.err.write('satchel lock: give exactly one path: the agent.md.\nRun `satchel lock --help` for usage.\n');
    return 2;
  }
  const result = await lockAgent(resolve(io.cwd, agent), io.cwd, { frozen: flags.frozen });
  const code = result.problems.length > 0 || (flags.frozen && result.changed) ? 1 : 0;
  if (flags.json) {
    const { lockPath, plugins, problems, changed, written } = result;
    io.out.write(`${JSON.stringify({ lock: shownPath(lockPath, io.cwd), plugins, problems, changed, written }, null, 2)}\n`);
    return code;
  }
  const rows = result.plugins.map((p) => [p.name, p.version ?? '-', p.how, p.digest?.slice('sha256:'.length, 'sha256:'.length + 12) ?? '-']);
  if (rows.length > 0) io.out.write(textTable(['plugin', 'version', 'pin', 'digest'], rows));
  for (const p of result.plugins) if (p.how === 'changed' && p.reason !== undefined) io.out.write(`${escapeControl(p.name)}: ${escapeControl(p.reason)}\n`);
  for (const problem of result.problems) io.err.write(`satchel lock: ${escapeControl(problem)}\n`);
  io.out.write(`${outcome(result, flags.frozen, io.cwd)}\n`);
  return code;
}

/** The last line: what happened to the lock. */
function outcome(result: AgentLockResult, frozen: boolean, cwd: string): string {
  const where = escapeControl(shownPath(result.lockPath, cwd));
  const count = plural(result.plugins.length, 'plugin');
  if (result.problems.length > 0) return `${where} was not written: ${plural(result.problems.length, 'plugin')} could not be pinned.`;
  if (!result.changed) return `${where} is up to date (${count}).`;
  if (frozen) return `${where} would change (--frozen: nothing written); run \`satchel lock\` and commit it.`;
  return `${where} written (${count}).`;
}
