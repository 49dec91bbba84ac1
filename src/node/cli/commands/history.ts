/**
 * `satchel history <artifactRoot>`: the log of the evolution history at
 * `<artifactRoot>/evolution`, newest first — each accepted skill change with
 * when, which skill, what, the revision, who wrote it and its approval.
 * The Git code loads only when this command runs.
 * @module
 */
import * as fs from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { EvolutionLogEntry } from '../../../store/history/types.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { plural, shownPath } from '../output/print.js';
import { textTable, type TableFit } from '../output/table.js';

const COLUMNS = ['commit', 'accepted', 'skill', 'action', 'revision', 'writer', 'approval'] as const;
// The skill (a namespace path) keeps its end, the approval its start, when the terminal is narrow.
const NARROW: TableFit['narrow'] = [
  { column: 2, keep: 'end' },
  { column: 6, keep: 'start' },
];

/** Prints the log; resolves to the exit code. */
export async function historyCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const [root, ...extra] = flags.paths;
  if (root === undefined || extra.length > 0) {
    io.err.write(
      'satchel history: give exactly one path: the artifact root, whose evolution/ folder holds the history.\nRun `satchel history --help` for usage.\n',
    );
    return 2;
  }
  const dir = join(resolve(io.cwd, root), 'evolution');
  const problem = await repositoryProblem(dir);
  if (problem !== undefined) {
    io.err.write(`satchel history: ${escapeControl(shownPath(dir, io.cwd))}: ${problem}\n`);
    return 1;
  }
  const { readEvolutionLog } = await import('../../../store/history/read-log.js');
  const entries = await readEvolutionLog({ fs, dir });
  if (flags.json) {
    io.out.write(`${JSON.stringify({ repository: shownPath(dir, io.cwd), commits: entries }, null, 2)}\n`);
    return 0;
  }
  const rows = entries.map(rowOf).map((r) => COLUMNS.map((c) => r[c]));
  if (rows.length > 0) io.out.write(`${textTable(COLUMNS, rows, { width: io.out.columns, narrow: NARROW })}\n`);
  io.out.write(`${plural(entries.length, 'change')} in ${escapeControl(shownPath(dir, io.cwd))}\n`);
  return 0;
}

/** Why `dir` holds no history to read, or `undefined` when it is a repository. */
async function repositoryProblem(dir: string): Promise<string | undefined> {
  const kind = await stat(dir).then(
    (s) => (s.isDirectory() ? 'folder' : 'other'),
    () => 'missing',
  );
  if (kind === 'missing')
    return 'no evolution history here (the folder does not exist; a store with `evolution: nodeGitMirror(dir)` makes it on its first change)';
  if (kind === 'other') return 'not a folder';
  const head = await stat(join(dir, 'HEAD')).then(
    (s) => s.isFile(),
    () => false,
  );
  return head ? undefined : 'not a Git repository (no HEAD)';
}

type Row = Record<(typeof COLUMNS)[number], string>;

/** One commit as a row; a commit Satchel did not write shows its subject as the action. */
function rowOf(e: EvolutionLogEntry): Row {
  return {
    commit: e.oid.slice(0, 7),
    accepted: e.at,
    skill: e.skill === undefined ? '' : e.namespace === undefined ? e.skill : `${e.namespace}/${e.skill}`,
    action: e.action ?? e.subject,
    revision: e.revision === undefined ? '' : String(e.revision) + (e.from === undefined ? '' : ` (from ${e.from})`),
    writer: e.writer ?? e.author,
    approval: e.approval ?? '',
  };
}
