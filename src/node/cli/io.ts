/**
 * What every CLI command is given: where to write, and the parsed flags.
 * Shared types only, so the command files never import one another.
 * @module
 */
import type { SkillLimits } from '../../format/types.js';

/** Where the CLI writes, so tests can capture it. */
export interface CliIo {
  /** `columns`: the terminal's width when stdout is one (`process.stdout.columns`); tables fit it. */
  out: { write(text: string): unknown; readonly columns?: number | undefined };
  err: { write(text: string): unknown };
  cwd: string;
}

/** The commands `satchel` runs. */
export type CommandName = 'validate' | 'list' | 'catalog' | 'route' | 'eval' | 'publish' | 'lock' | 'mcp' | 'vectors' | 'history' | 'scan';

/** Flags shared by the commands; each command accepts only those its help lists. */
export interface CliFlags {
  strict: boolean;
  /** `list`, `route`, `vectors`: every diagnostic instead of a summary by code. */
  verbose: boolean;
  json: boolean;
  includeHidden: boolean;
  /** `catalog`: the `<available_skills>` XML form. */
  xml: boolean;
  /** `lock`: write nothing, exit 1 when `plugins.lock` would change. */
  frozen: boolean;
  /** Positional arguments: the paths (for `route`, followed by the turn). */
  paths: string[];
  /** How many of the last `paths` came after `--`: taken as given, never checked as paths (a turn that names a folder). */
  literal: number;
  /** Limits given on the command line; unset ones keep the command's defaults. */
  limits: SkillLimits;
  /** `route`: a fixed activation threshold (0–1) instead of the decision rule; unset, the rule decides. */
  threshold?: number;
  /** `eval`: a JSON file mapping skill names to their queries, instead of each skill's `evals/eval_queries.json`. */
  queries?: string;
  /** `eval`: exit 1 when a skill activates for less than this share (0–1) of the queries it should. */
  minRate?: number;
  /** `publish`, `mcp`: a skill store on PostgreSQL to read, a `postgres://` URL or a PGlite database's folder. */
  store?: string;
  /** `publish`, `mcp`: the store namespace to read, its segments (`--namespace acme/skills`). */
  namespace?: string[];
}
