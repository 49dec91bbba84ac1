/**
 * What every CLI command is given: where to write, and the parsed flags.
 * @module
 */

/** Where the CLI writes, so tests can capture it. */
export interface CliIo {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
  cwd: string;
}

/** Flags shared by the commands. */
export interface CliFlags {
  strict: boolean;
  json: boolean;
  includeHidden: boolean;
  /** `catalog`: the `<available_skills>` XML form. */
  xml: boolean;
  paths: string[];
}
