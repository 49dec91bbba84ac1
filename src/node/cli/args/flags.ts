/**
 * The argument parser: argv in, a command with its flags (or help, the
 * version, or a usage error) out. Checked against the command table, so a
 * flag a command does not use is a usage error, never silently ignored.
 * @module
 */
import { COMMANDS, isCommand, type SwitchFlag } from '../commands.js';
import type { CliFlags, CommandName } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { limitOfFlag, parseLimitValue } from './limit-flags.js';
import { isValueFlag, VALUE_FLAGS } from './value-flags.js';

/** What the argument list asks for. */
export type ParsedArgs =
  | { readonly kind: 'help'; readonly command?: CommandName }
  | { readonly kind: 'version' }
  | { readonly kind: 'usage'; readonly message: string; readonly command?: CommandName }
  | { readonly kind: 'run'; readonly command: CommandName; readonly flags: CliFlags };

const SWITCH_KEYS: Readonly<Record<SwitchFlag, 'strict' | 'verbose' | 'json' | 'xml' | 'includeHidden' | 'frozen'>> = {
  '--strict': 'strict',
  '--verbose': 'verbose',
  '--json': 'json',
  '--xml': 'xml',
  '--include-hidden': 'includeHidden',
  '--frozen': 'frozen',
};

/** Reads `argv` (without `node` and the script). */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'usage', message: 'give a command.' };
  if (first === '-h' || first === '--help') return { kind: 'help' };
  if (first === '-v' || first === '--version') return { kind: 'version' };
  if (first === 'help') return helpTopic(rest[0]);
  if (isCommand(first)) return parseCommand(first, rest);
  if (first.startsWith('-')) return { kind: 'usage', message: `unknown option "${escapeControl(first)}"; the command comes first.` };
  return { kind: 'usage', message: `unknown command "${escapeControl(first)}"; the commands are ${Object.keys(COMMANDS).join(', ')}.` };
}

function helpTopic(topic: string | undefined): ParsedArgs {
  if (topic === undefined) return { kind: 'help' };
  if (isCommand(topic)) return { kind: 'help', command: topic };
  return { kind: 'usage', message: `unknown command "${escapeControl(topic)}"; the commands are ${Object.keys(COMMANDS).join(', ')}.` };
}

function parseCommand(command: CommandName, args: readonly string[]): ParsedArgs {
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  // Help wins over any mistake next to it: someone asking for help gets it.
  if (options.includes('-h') || options.includes('--help')) return { kind: 'help', command };
  const flags: CliFlags = { strict: false, verbose: false, json: false, includeHidden: false, xml: false, frozen: false, paths: [], literal: 0, limits: {} };
  const usage = (message: string): ParsedArgs => ({ kind: 'usage', message, command });
  for (let i = 0; i < options.length; i++) {
    const arg = options[i] ?? '';
    if (arg === '-' || !arg.startsWith('-')) {
      flags.paths.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const problem = limitOfFlag(name)
      ? readLimit(command, flags, name, inline ?? options[++i])
      : isValueFlag(name)
        ? readValue(command, flags, name, inline ?? options[++i])
        : readSwitch(command, flags, name, inline);
    if (problem !== undefined) return usage(problem);
  }
  if (end >= 0) {
    flags.paths.push(...args.slice(end + 1));
    flags.literal = args.length - end - 1;
  }
  const storeProblem = storeUsage(command, flags);
  if (storeProblem !== undefined) return usage(storeProblem);
  const min = COMMANDS[command].minPositionals;
  if (flags.store === undefined && flags.paths.length < min)
    return usage(
      command === 'route'
        ? 'give at least one path, then the turn.'
        : command === 'publish'
          ? 'give the skills folder, then the output folder.'
          : command === 'vectors'
            ? 'give the skills folder, then the file to write.'
            : command === 'lock'
              ? 'give the agent.md.'
              : 'give at least one path.',
    );
  return { kind: 'run', command, flags };
}

/** What is wrong with `--store` / `--namespace` and the paths beside them, if anything. */
function storeUsage(command: CommandName, flags: CliFlags): string | undefined {
  if ((flags.store === undefined) !== (flags.namespace === undefined)) return '--store and --namespace go together: give both, or neither.';
  const bounds = COMMANDS[command].storePositionals;
  if (flags.store === undefined || bounds === undefined) return undefined;
  if (flags.paths.length < bounds.least || flags.paths.length > bounds.most)
    return command === 'publish' ? 'with --store, give one path: the output folder.' : `with --store, give ${bounds.least} to ${bounds.most} paths.`;
  return undefined;
}

/** Sets a limit flag; returns what is wrong, if anything. */
function readLimit(command: CommandName, flags: CliFlags, name: string, value: string | undefined): string | undefined {
  const limit = limitOfFlag(name);
  if (limit === undefined) return `unknown option "${escapeControl(name)}".`;
  if (!COMMANDS[command].limits.includes(limit)) return `${name} does not apply to satchel ${command}.`;
  if (value === undefined) return `${name} needs a value: a whole number from 0 up.`;
  const parsed = parseLimitValue(value);
  if (parsed === undefined) return `${name} takes a whole number from 0 up, not "${escapeControl(value)}".`;
  flags.limits[limit] = parsed;
  return undefined;
}

/** Sets a value flag (`--threshold 0.4`, `--queries evals.json`); returns what is wrong, if anything. */
function readValue(command: CommandName, flags: CliFlags, name: string, value: string | undefined): string | undefined {
  if (!isValueFlag(name)) return `unknown option "${escapeControl(name)}".`;
  if (!(COMMANDS[command].values ?? []).includes(name)) return `${name} does not apply to satchel ${command}.`;
  const spec = VALUE_FLAGS[name];
  if (value === undefined) return `${name} needs a value: ${spec.takes}.`;
  if (!spec.set(flags, value)) return `${name} takes ${spec.takes}, not "${escapeControl(value)}".`;
  return undefined;
}

/** Sets a switch; returns what is wrong, if anything. */
function readSwitch(command: CommandName, flags: CliFlags, name: string, inline: string | undefined): string | undefined {
  if (!Object.hasOwn(SWITCH_KEYS, name)) return `unknown option "${escapeControl(name)}".`;
  const flag = name as SwitchFlag;
  if (!COMMANDS[command].switches.includes(flag)) return `${flag} does not apply to satchel ${command}.`;
  if (inline !== undefined) return `${flag} takes no value.`;
  flags[SWITCH_KEYS[flag]] = true;
  return undefined;
}
