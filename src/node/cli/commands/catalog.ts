/**
 * `satchel catalog <path…>`: loads the paths into a skill set, as
 * `loadSkills` does, and prints the catalog the model would see in its
 * instructions (`--xml` for the `<available_skills>` form).
 * @module
 */
import { utf8ByteLength } from '../../../shared/text.js';
import type { SkillSet } from '../../../agent/skill-set.js';
import { isSkillError } from '../../../format/errors.js';
import { resolveLimits } from '../../../format/types.js';
import { loadSkills } from '../../load-skills.js';
import { COMMANDS } from '../commands.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeLines } from '../output/escape.js';
import { plural, skillErrorText } from '../output/print.js';
import { hiddenSkills, hiddenText } from '../paths/hidden.js';
import { checkFolders } from '../paths/inputs.js';
import { surveySet } from '../paths/set-survey.js';

/**
 * Prints the catalog on stdout (nothing else, so it can be piped) and a
 * one-line summary on stderr; with `--json`, one object with the catalog,
 * its size, the set's digest and the tool definitions. Resolves to the exit
 * code: 1 when a path cannot be used or the set is refused, with every
 * reason the set is refused for.
 */
export async function catalogCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const folders = await checkFolders('catalog', flags.paths, io);
  if (folders === undefined) return 1;
  const limits = resolveLimits(flags.limits, COMMANDS.catalog.defaults);
  const survey = await surveySet(folders, limits, { includeHidden: flags.includeHidden, format: flags.xml ? 'xml' : 'markdown', cwd: io.cwd });
  const hidden = hiddenText(await hiddenSkills(folders, survey.diagnostics, limits), io.cwd);
  const writeHidden = (): void => {
    if (hidden !== undefined) io.err.write(`satchel catalog: ${hidden}\n`);
  };
  if (survey.problems.length > 0) {
    for (const problem of survey.problems) io.err.write(skillErrorText('catalog', problem, io.cwd));
    writeHidden();
    return 1;
  }
  let skills: SkillSet;
  let catalog: string;
  try {
    // The set itself, read as a program reads it: the survey found nothing that refuses it.
    skills = await loadSkills(folders, flags.limits, { includeHidden: flags.includeHidden });
    catalog = skills.catalog({ format: flags.xml ? 'xml' : 'markdown' });
  } catch (e) {
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText('catalog', e, io.cwd));
    return 1;
  }
  const bytes = utf8ByteLength(catalog);
  if (flags.json) {
    const tools = skills.tools.map(({ id, description, inputSchema, version, grants }) => ({ id, description, inputSchema, version, grants }));
    io.out.write(
      `${JSON.stringify({ catalog, bytes, maxCatalogBytes: skills.limits.maxCatalogBytes, digest: skills.digest, skills: skills.skills.length, tools }, null, 2)}\n`,
    );
  } else {
    if (catalog !== '') io.out.write(`${escapeLines(catalog)}\n`);
    const shown = catalog === '' ? 'no skill is visible to the model, so there is no catalog' : `${bytes} of ${skills.limits.maxCatalogBytes} catalog bytes`;
    io.err.write(`${plural(skills.skills.length, 'skill')}, ${shown}\n`);
  }
  writeHidden();
  return 0;
}
