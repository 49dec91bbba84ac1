/**
 * The `satchel` command line: `validate`, `list` and `catalog`.
 * @module
 */
import { catalogCommand } from './catalog.js';
import { listCommand } from './list.js';
import { validateCommand } from './validate.js';
import type { CliFlags, CliIo } from './io.js';

export type { CliFlags, CliIo } from './io.js';

const USAGE = `Usage: satchel <command> [options] <path…>

Commands:
  validate <path…>   Check every skill folder under each path; exit 1 if any is invalid.
  list <path…>       Load the skills (first path wins a name) and print a table.
  catalog <path…>    Load the paths as one skill set and print the catalog the model would see.

Options:
  --strict           Use the open specification's rules (validate only).
  --json             Print JSON instead of text.
  --xml              Print the catalog as <available_skills> XML (catalog only).
  --include-hidden   Also search folders whose names start with a dot.
  -h, --help         Show this help.
`;

/**
 * Runs the CLI and resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await runCli(['validate', '--strict', 'skills'], { out: process.stdout, err: process.stderr, cwd: process.cwd() })
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.out.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  const flags = parseFlags(rest, io);
  if (!flags) return 2;
  if (flags.paths.length === 0) {
    io.err.write(`satchel ${command}: give at least one path.\n\n${USAGE}`);
    return 2;
  }
  if (command === 'validate') return validateCommand(flags, io);
  if (command === 'list') return listCommand(flags, io);
  if (command === 'catalog') return catalogCommand(flags, io);
  io.err.write(`satchel: unknown command "${command}".\n\n${USAGE}`);
  return 2;
}

function parseFlags(args: readonly string[], io: CliIo): CliFlags | undefined {
  const flags: CliFlags = { strict: false, json: false, includeHidden: false, xml: false, paths: [] };
  for (const arg of args) {
    if (arg === '--strict') flags.strict = true;
    else if (arg === '--json') flags.json = true;
    else if (arg === '--include-hidden') flags.includeHidden = true;
    else if (arg === '--xml') flags.xml = true;
    else if (arg.startsWith('-')) {
      io.err.write(`satchel: unknown option "${arg}".\n\n${USAGE}`);
      return undefined;
    } else flags.paths.push(arg);
  }
  return flags;
}
