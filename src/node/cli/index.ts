/**
 * The `satchel` command line: `validate`, `list`, `catalog`, `route`, `eval`, `publish`, `lock`, `mcp`, `vectors`, `history` and `scan`.
 * This file only dispatches; the commands share types through `io.ts`.
 * @module
 */
import { isSkillError } from '../../format/errors.js';
import { parseArgs } from './args/flags.js';
import { commandHelp, mainHelp, usageError } from './args/help.js';
import { catalogCommand } from './commands/catalog.js';
import { evalCommand } from './commands/eval.js';
import { historyCommand } from './commands/history.js';
import { listCommand } from './commands/list.js';
import { lockCommand } from './commands/lock.js';
import { mcpCommand } from './commands/mcp.js';
import { publishCommand } from './commands/publish.js';
import { routeCommand } from './commands/route.js';
import { scanCommand } from './commands/scan.js';
import { validateCommand } from './commands/validate.js';
import { vectorsCommand } from './commands/vectors.js';
import type { CliFlags, CliIo, CommandName } from './io.js';
import { escapeControl } from './output/escape.js';
import { skillErrorText } from './output/print.js';
import { packageVersion } from './version.js';

export type { CliFlags, CliIo, CommandName } from './io.js';

const COMMAND_RUNNERS: Readonly<Record<CommandName, (flags: CliFlags, io: CliIo) => Promise<number>>> = {
  validate: validateCommand,
  list: listCommand,
  catalog: catalogCommand,
  route: routeCommand,
  eval: evalCommand,
  publish: publishCommand,
  lock: lockCommand,
  mcp: mcpCommand,
  vectors: vectorsCommand,
  history: historyCommand,
  scan: scanCommand,
};

/**
 * Runs the CLI and resolves to the exit code: 0 clean, 1 findings or
 * failure, 2 a usage error. Never rejects: an unexpected exception becomes
 * one line `satchel: <message>` on stderr and exit 1, never a stack trace.
 *
 * @example
 * ```ts
 * const code = await runCli(['validate', '--strict', 'skills'], { out: process.stdout, err: process.stderr, cwd: process.cwd() })
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (e) {
    io.err.write(`satchel: ${oneLine(e)}\n`);
    return 1;
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(argv);
  switch (parsed.kind) {
    case 'help':
      io.out.write(parsed.command === undefined ? mainHelp(await packageVersion()) : commandHelp(parsed.command));
      return 0;
    case 'version':
      io.out.write(`${await packageVersion()}\n`);
      return 0;
    case 'usage':
      // No command at all: the whole help, as most tools do; otherwise the mistake and where to look.
      io.err.write(argv.length === 0 ? mainHelp(await packageVersion()) : usageError(parsed.message, parsed.command));
      return 2;
    case 'run':
      return run(parsed.command, parsed.flags, io);
  }
}

/**
 * The process's own streams and working folder, as `bin/satchel.js` runs the
 * CLI. Tables fit the terminal: stdout's width when it is one, else
 * `COLUMNS` when that is set (as `ls` reads it), else lines are not cut.
 */
export function processIo(): CliIo {
  const fromEnv = Number(process.env['COLUMNS']);
  const columns = process.stdout.isTTY ? process.stdout.columns : Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
  return { out: { write: (text: string) => process.stdout.write(text), columns }, err: process.stderr, cwd: process.cwd() };
}

/** Runs a command; a `SkillError` it did not handle itself is reported with its code, in the command's name. */
async function run(command: CommandName, flags: CliFlags, io: CliIo): Promise<number> {
  try {
    return await COMMAND_RUNNERS[command](flags, io);
  } catch (e) {
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText(command, e, io.cwd));
    return 1;
  }
}

/** The first line of whatever was thrown, escaped. */
function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return escapeControl(text.split('\n')[0] ?? '') || 'unexpected error';
}
