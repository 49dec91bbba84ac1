/**
 * What each command takes: its arguments, the flags it accepts and the
 * limits that apply to it, with their defaults. Help is rendered from this
 * table and the flag parser checks against it, so the two cannot drift.
 * @module
 */
import { LOADER_LIMITS, SKILL_SET_LIMITS, type ResolvedLimits } from '../../format/types.js';
import type { LimitName } from './args/limit-flags.js';
import type { ValueFlag } from './args/value-flags.js';
import type { CommandName } from './io.js';

/** A flag that takes no value. */
export type SwitchFlag = '--strict' | '--verbose' | '--json' | '--xml' | '--include-hidden' | '--frozen';

/** One command's shape. */
export interface CommandSpec {
  /** The positional arguments, as help shows them. */
  readonly args: string;
  /** Least number of positional arguments. */
  readonly minPositionals: number;
  /** With `--store`, the number of positional arguments (the store replaces the skills folder). */
  readonly storePositionals?: { readonly least: number; readonly most: number };
  /** One line for the command list. */
  readonly summary: string;
  /** A paragraph for `satchel <command> --help`. */
  readonly details: string;
  /** The switches it accepts; any other is a usage error. */
  readonly switches: readonly SwitchFlag[];
  /** What a switch means for this command, where it differs from {@link SWITCH_HELP}. */
  readonly switchHelp?: Partial<Record<SwitchFlag, string>>;
  /** The value flags it accepts besides the limits (`--threshold`); any other is a usage error. */
  readonly values?: readonly ValueFlag[];
  /** The limits it uses, each settable by its flag; any other limit flag is a usage error. */
  readonly limits: readonly LimitName[];
  /** Where unset limits come from: the loader's defaults, or a skill set's for `catalog`. */
  readonly defaults: ResolvedLimits;
}

/** The limits a directory walk and the parser use: all `validate` needs. */
const DISCOVERY: readonly LimitName[] = ['maxDepth', 'maxFolders', 'maxNesting', 'maxFileBytes', 'maxFilesPerSkill'];
const LOADER: readonly LimitName[] = ['maxSkills', 'maxTotalBytes', ...DISCOVERY];

// For the commands that load: their job is to load, so a skill that does not is a finding (validate's business).
const LOAD_SWITCHES: readonly SwitchFlag[] = ['--strict', '--verbose', '--json', '--include-hidden'];
const LOAD_HELP: Partial<Record<SwitchFlag, string>> = {
  '--strict': 'Exit 1 when a skill could not be loaded or the search was cut short by a limit.',
};
const LOAD_EXIT =
  'Exit 0 when the command did its job, even if some skills could not be loaded (with --strict, 1); the diagnostics are summarised on stderr by code (every one with --verbose; satchel validate checks each skill).';

/** The commands, in the order help lists them. */
export const COMMANDS: Readonly<Record<CommandName, CommandSpec>> = {
  validate: {
    args: '<path…>',
    minPositionals: 1,
    summary: 'Check every skill under each path (a folder or a SKILL.md file).',
    details:
      'Prints every diagnostic as `path:line:column code severity: message` with how to fix it, then a summary. Exit 1 when a skill is invalid (with --strict, also on a warning), the search was cut short by a limit, no SKILL.md was found, or a path cannot be used.',
    switches: ['--strict', '--json', '--include-hidden'],
    limits: DISCOVERY,
    defaults: LOADER_LIMITS,
  },
  list: {
    args: '<path…>',
    minPositionals: 1,
    summary: 'Load the skills (the first path wins a name) and print a table.',
    details: `Prints name, source, activation, intents and a short digest per skill, as wide as the terminal. ${LOAD_EXIT}`,
    switches: LOAD_SWITCHES,
    switchHelp: LOAD_HELP,
    limits: LOADER,
    defaults: LOADER_LIMITS,
  },
  catalog: {
    args: '<path…>',
    minPositionals: 1,
    summary: 'Load the paths as one skill set and print the catalog the model would see.',
    details:
      'Prints the catalog on stdout and a summary on stderr. The set is all or nothing: exit 1 when a skill does not load, a name is used twice or a limit is over; every such problem is reported in one run.',
    switches: ['--xml', '--json', '--include-hidden'],
    limits: ['maxSkills', 'maxTotalBytes', 'maxCatalogBytes', 'maxInstructionsBytes', ...DISCOVERY],
    defaults: SKILL_SET_LIMITS,
  },
  route: {
    args: '<path…> "<turn>"',
    minPositionals: 2,
    summary: 'Show which skills a user turn activates, and why.',
    details: `The last argument is the turn (a folder there is a usage error: the turn is missing; put \`--\` before a turn that names a folder). Prints each activated skill with its reason (mention, intent or search), score and matched terms, then the best-ranked skills that did not activate, and the threshold in force (the decision rule's, or --threshold). ${LOAD_EXIT}`,
    switches: LOAD_SWITCHES,
    switchHelp: LOAD_HELP,
    values: ['--threshold'],
    limits: LOADER,
    defaults: LOADER_LIMITS,
  },
  eval: {
    args: '<path…>',
    minPositionals: 1,
    summary: "Run each skill's trigger evals (evals/eval_queries.json) through routing, with no model.",
    details: `Loads the paths as list does and runs every query of each skill's evals/eval_queries.json ([{ "query": "…", "should_trigger": true }], the Agent Skills format), or of the --queries file, through activate. Prints per skill how often it activated when it should (kept) and when it should not (false), how often it came first and which skills came first instead; the kept and false activation over fixed thresholds 0 to 1; and the pairs of skills whose descriptions collide. A malformed eval file is reported at its line and column; the other skills are evaluated all the same. Exit 0 whenever it ran (with --strict, 1 when a skill could not be loaded); with --min-rate, 1 when a skill falls below it or an eval file is malformed.`,
    switches: LOAD_SWITCHES,
    switchHelp: LOAD_HELP,
    values: ['--queries', '--min-rate'],
    limits: LOADER,
    defaults: LOADER_LIMITS,
  },
  publish: {
    args: '<dir> <out> | --store <url|dir> --namespace <a/b> <out>',
    minPositionals: 2,
    storePositionals: { least: 1, most: 1 },
    summary: 'Publish the skills under <dir>, or of a store namespace, as a discovery index for a static host.',
    details:
      'Writes <out>/.well-known/agent-skills/index.json (schema 0.2.0) and beside it each skill: a lone SKILL.md as is (`skill-md`), a skill with resources as a deterministic .tar.gz (`archive`), each with its SHA-256 digest. Read it back with remoteSource. A <dir> that holds plugins (a plugin.json, or subfolders with one) is published as plugins: one deterministic .tar.gz per plugin version (name and version from plugin.json) in the `plugins` list of the index, merged with the versions already there; its skills stay, as publishing skills keeps its plugins. A version already published with other bytes writes nothing (exit 1). With --store and --namespace, publishes the active skills of that namespace of a skill store on PostgreSQL (a server, or a PGlite folder) instead of a folder. Exit 1 when a skill was left out (each is listed with why) or the store cannot be opened; a name used twice writes nothing (exit 1, as catalog refuses it).',
    switches: ['--json', '--include-hidden'],
    values: ['--store', '--namespace'],
    limits: DISCOVERY,
    defaults: LOADER_LIMITS,
  },
  lock: {
    args: '<agent.md>',
    minPositionals: 1,
    summary: 'Pin the published plugins agent.md selects: write plugins.lock beside it.',
    details:
      "Reads the `plugins` of agent.md's front matter ({ name, source, version }), reads each source's discovery index and writes plugins.lock beside agent.md: per plugin its name, version, archive URL, digest and source. A pinned plugin whose entry still fits the selection (same source, a version inside the range, the index still publishing it with that digest) is kept; any other is resolved to the highest version the index publishes that satisfies the range. Exit 1, writing nothing, when a plugin cannot be pinned (an index that cannot be read, no matching version, a pinned version republished with other bytes). With --frozen nothing is written either way, and the exit is 1 when plugins.lock would change (for CI).",
    switches: ['--frozen', '--json'],
    limits: [],
    defaults: LOADER_LIMITS,
  },
  mcp: {
    args: '<path…> [--store <url|dir> --namespace <a/b>]',
    minPositionals: 1,
    storePositionals: { least: 0, most: Infinity },
    summary: 'Serve the skills under each path (and of a store namespace) as an MCP server over stdio, live as they change.',
    details:
      'Speaks the Model Context Protocol on stdin/stdout (logs go to stderr): the tools skills.load, skills.read, skills.search, skills.list and skills.grep, every text file as a skill://<name>/<path> resource, the catalog as the skills://catalog resource and the skills-catalog prompt, fitted to --max-catalog-bytes (skills.search finds what it leaves out). The folders are watched; a change reaches the client as list-changed notifications. With --store and --namespace, the active skills of that namespace of a skill store on PostgreSQL are served too (after the folders, which win a name), and every write to them, from any server on the database, reaches the client the same way. Runs until stdin closes; exit 1 when a path or the store cannot be used or the load fails. Needs @modelcontextprotocol/sdk installed.',
    switches: ['--include-hidden'],
    values: ['--store', '--namespace'],
    // The server offers the catalog (a resource and a prompt) and names the skills in its tools: --max-catalog-bytes bounds both.
    limits: ['maxSkills', 'maxTotalBytes', 'maxCatalogBytes', ...DISCOVERY],
    defaults: LOADER_LIMITS,
  },
  vectors: {
    args: '<dir> <out>',
    minPositionals: 2,
    summary: 'Embed the skills under <dir> for routing by meaning and write the vectors to <out>.',
    details: `Loads the skills as list does, embeds each routable one (description and examples) with USE-Lite on TensorFlow.js (WASM) and writes a skill vector file (JSON) to <out>; pass fileVectorCache(file) as routing.vectorCache so the app embeds none of them again. Needs the embedding stage's optional peer dependencies installed. ${LOAD_EXIT}`,
    switches: LOAD_SWITCHES,
    switchHelp: LOAD_HELP,
    limits: LOADER,
    defaults: LOADER_LIMITS,
  },
  history: {
    args: '<artifactRoot>',
    minPositionals: 1,
    summary: 'Print the evolution history: every accepted skill change, committed to <artifactRoot>/evolution.',
    details:
      'Reads the Git repository a store with `evolution: nodeGitMirror(dir)` writes at <artifactRoot>/evolution and prints its log, newest first: the commit, when the change was accepted, the skill (namespace/name), the action, the revision, who wrote it (user, agent, with its id) and its approval. The repository is plain Git: `git -C <artifactRoot>/evolution log` shows the same. Exit 1 when there is no repository there.',
    switches: ['--json'],
    limits: [],
    defaults: LOADER_LIMITS,
  },
  scan: {
    args: '<path…>',
    minPositionals: 1,
    summary: 'Scan the skills for what they ask of the model: hidden instructions, invisible text, risky commands.',
    details:
      'Loads the paths as list does and runs the skill scanner over every skill and text file it holds (docs/threat-model.md, "The skill scanner"): instructions hidden in the front matter, invisible and bidirectional characters, look-alike words, downloads piped into a shell, credential files and secrets read out, data sent to hosts the skill never names, links whose text and target disagree, encoded blobs. Prints every finding as `path:line:column code severity: message` with how to fix it, then a summary. Nothing is changed. Exit 1 when anything at warning or above was found or a skill could not be scanned (with --strict, also when a skill could not be loaded).',
    switches: LOAD_SWITCHES,
    switchHelp: LOAD_HELP,
    limits: LOADER,
    defaults: LOADER_LIMITS,
  },
};

/** What each switch does, for help. */
export const SWITCH_HELP: Readonly<Record<SwitchFlag, string>> = {
  '--strict': "Use the open specification's rules (spec profile): warnings fail too.",
  '--verbose': 'Print every diagnostic with its fix instead of a summary by code.',
  '--json': 'Print JSON instead of text.',
  '--xml': 'Print the catalog as <available_skills> XML.',
  '--include-hidden': 'Also search folders whose names start with a dot.',
  '--frozen': 'Write nothing; exit 1 when plugins.lock would change.',
};

/** True when `name` is a command. */
export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}
