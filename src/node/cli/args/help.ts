/**
 * Help texts, rendered from the command table so they list exactly what
 * the parser accepts.
 * @module
 */
import { COMMANDS, SWITCH_HELP, type CommandSpec } from '../commands.js';
import type { CommandName } from '../io.js';
import { LIMIT_FLAGS, type LimitName } from './limit-flags.js';
import { VALUE_FLAGS } from './value-flags.js';

const LIMIT_HELP: Readonly<Record<LimitName, string>> = {
  maxSkills: 'Most skills loaded.',
  maxFilesPerSkill: 'Most files in one skill, SKILL.md not counted.',
  maxFileBytes: 'Largest file in bytes, SKILL.md included.',
  maxTotalBytes: 'Most bytes over all skills and their files.',
  maxCatalogBytes: 'Largest catalog in bytes.',
  maxInstructionsBytes: 'Largest catalog with the instructions it is added to, in bytes.',
  maxDepth: 'Deepest folder searched for skills, the path itself being 0.',
  maxFolders: 'Most folders searched under each path.',
  maxNesting: 'Deepest folder nesting of a file inside its skill.',
};

/** `satchel --help`: the commands and where to find more. */
export function mainHelp(version: string): string {
  const names = Object.keys(COMMANDS) as CommandName[];
  const width = Math.max(...names.map((n) => `${n} ${COMMANDS[n].args}`.length));
  const lines = names.map((n) => `  ${`${n} ${COMMANDS[n].args}`.padEnd(width)}   ${COMMANDS[n].summary}`);
  return `satchel ${version}: check, list, try out and publish Agent Skills (SKILL.md folders).

Usage: satchel <command> [options] <path…>

Commands:
${lines.join('\n')}

Options (each command lists its own with satchel <command> --help):
  --strict, --verbose, --json, --xml, --include-hidden, --threshold (route), --queries and --min-rate (eval),
  and a flag per limit:
  ${Object.values(LIMIT_FLAGS).join(', ')}
  -h, --help      Show help.
  -v, --version   Show the version.

Exit codes: 0 clean, 1 findings or failure, 2 usage error.
Paths are printed relative to the working folder.
`;
}

/** `satchel <command> --help`: the command's arguments, flags and limits with their defaults. */
export function commandHelp(name: CommandName): string {
  const spec: CommandSpec = COMMANDS[name];
  const limit = (l: LimitName): [string, string] => [`${LIMIT_FLAGS[l]} <n>`, `${LIMIT_HELP[l]} Default ${spec.defaults[l]}.`];
  const rows: [string, string][] = [
    ...spec.switches.map((s): [string, string] => [s, spec.switchHelp?.[s] ?? SWITCH_HELP[s]]),
    ...(spec.values ?? []).map((v): [string, string] => [VALUE_FLAGS[v].shown, VALUE_FLAGS[v].help]),
    ...spec.limits.map(limit),
    ['-h, --help', 'Show this help.'],
  ];
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return `Usage: satchel ${name} [options] ${spec.args}

${spec.summary}
${spec.details}

Options:
${rows.map(([flag, text]) => `  ${flag.padEnd(width)}   ${text}`).join('\n')}

Exit codes: 0 clean, 1 findings or failure, 2 usage error.
`;
}

/** A usage error: what was wrong, and where to look. */
export function usageError(message: string, name?: CommandName): string {
  return `satchel${name === undefined ? '' : ` ${name}`}: ${message}\nRun \`satchel ${name === undefined ? '' : `${name} `}--help\` for usage.\n`;
}
