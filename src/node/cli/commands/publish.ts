/**
 * `satchel publish <dir> <out>`: writes the skills under `dir` as a
 * discovery index with its artifacts under `<out>/.well-known/agent-skills/`,
 * for a static host; prints one line per published skill, then the
 * diagnostics of the skills left out (exit 1 when any was). A folder of
 * plugins is published as plugins (one archive per version). With `--store`
 * and `--namespace`, a store namespace is published instead of a folder.
 * @module
 */
import { isAbsolute, join, resolve } from 'node:path';
import { resolveLimits } from '../../../format/types.js';
import { publishSkills, type PublishResult } from '../../publish.js';
import { COMMANDS } from '../commands.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { diagnosticText, plural, shownPath } from '../output/print.js';
import { textTable } from '../output/table.js';
import { hiddenSkills, hiddenText, type HiddenSkills } from '../paths/hidden.js';
import { discoveryBounds, inputKind, inputProblem } from '../paths/inputs.js';
import { openCliStore } from '../paths/store-input.js';

/** Publishes the skills of one folder, or of a store namespace (`--store`, `--namespace`); resolves to the exit code. */
export async function publishCommand(flags: CliFlags, io: CliIo): Promise<number> {
  if (flags.store !== undefined) return publishStore(flags, io);
  const [dir, out, ...extra] = flags.paths.map((p) => resolve(io.cwd, p));
  if (dir === undefined || out === undefined || extra.length > 0) {
    io.err.write('satchel publish: give exactly two paths: the skills folder, then the output folder.\nRun `satchel publish --help` for usage.\n');
    return 2;
  }
  const problem = inputProblem(await inputKind(dir), false);
  if (problem !== undefined) {
    io.err.write(`satchel publish: ${escapeControl(shownPath(dir, io.cwd))}: ${problem}\n`);
    return 1;
  }
  const limits = resolveLimits(flags.limits, COMMANDS.publish.defaults, 'satchel publish');
  // A name used twice throws CONFLICT before anything is written; the CLI reports it as any SkillError.
  const result = await publishSkills(dir, out, { ...discoveryBounds(limits), includeHidden: flags.includeHidden });
  // The listing's own notes are relative to `dir`; rooted, they print like the skills' paths.
  const diagnostics = result.diagnostics.map((d) => (isAbsolute(d.path) ? d : { ...d, path: join(dir, d.path) }));
  return report({ ...result, diagnostics }, await hiddenSkills([dir], diagnostics, limits), flags, io);
}

/** `satchel publish --store … --namespace … <out>`: the namespace's active skills, as they are stored. */
async function publishStore(flags: CliFlags, io: CliIo): Promise<number> {
  const out = resolve(io.cwd, flags.paths[0] ?? '.');
  const opened = await openCliStore('publish', flags, io);
  if (opened === undefined) return 1;
  try {
    return report(await publishSkills(opened.source, out), undefined, flags, io);
  } finally {
    await opened.close();
  }
}

/** Prints what was published and the skills left out; resolves to the exit code. */
function report(result: PublishResult, hiddenFound: HiddenSkills | undefined, flags: CliFlags, io: CliIo): number {
  const { diagnostics } = result;
  const skipped = diagnostics.filter((d) => d.severity === 'error').length;
  const hidden = hiddenFound === undefined ? undefined : hiddenText(hiddenFound, io.cwd);
  if (flags.json) {
    const shown = diagnostics.map((d) => ({ ...d, path: shownPath(d.path, io.cwd) }));
    io.out.write(
      `${JSON.stringify({ index: shownPath(result.index, io.cwd), skills: result.skills, plugins: result.plugins, diagnostics: shown }, null, 2)}\n`,
    );
    if (hidden !== undefined) io.err.write(`satchel publish: ${hidden}\n`);
  } else {
    const short = (digest: string): string => digest.slice('sha256:'.length, 'sha256:'.length + 12);
    const rows = [
      ...result.skills.map((s) => [s.name, s.type, s.url, short(s.digest)]),
      ...result.plugins.map((p) => [`${p.name}@${p.version}`, 'plugin', p.url, short(p.digest)]),
    ];
    io.out.write(textTable(['name', 'type', 'url', 'digest'], rows));
    const notes = diagnostics.map((d) => diagnosticText(d, io.cwd)).join('');
    if (notes !== '') io.out.write(`\n${notes}`);
    const what = result.plugins.length > 0 ? plural(result.plugins.length, 'plugin') : plural(result.skills.length, 'skill');
    io.out.write(`\n${what} published to ${escapeControl(shownPath(result.index, io.cwd))}\n`);
    if (hidden !== undefined) io.out.write(`${hidden}\n`);
  }
  return skipped > 0 ? 1 : 0;
}
