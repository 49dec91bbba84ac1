/**
 * `satchel catalog <path…>`: loads the paths into a skill set, as
 * `loadSkills` does, and prints the catalog the model would see in its
 * instructions (`--xml` for the `<available_skills>` form).
 * @module
 */
import { utf8ByteLength } from '../../shared/text.js';
import type { SkillSet } from '../../agent/skill-set.js';
import { isSkillError, SkillError } from '../../format/errors.js';
import { loadSkills } from '../load-skills.js';
import { escapeLines } from './escape.js';
import { checkFolders, discoveryBounds, hiddenNote } from './inputs.js';
import type { CliFlags, CliIo } from './io.js';
import { plural, skillErrorText } from './print.js';

/**
 * Prints the catalog on stdout (nothing else, so it can be piped) and a
 * one-line summary on stderr; with `--json`, one object with the catalog,
 * its size, the set's digest and the tool definitions. Resolves to the exit
 * code: 1 when a path cannot be used or the set is refused.
 */
export async function catalogCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const folders = await checkFolders('catalog', flags.paths, io);
  if (folders === undefined) return 1;
  let skills: SkillSet;
  let catalog: string;
  try {
    skills = await loadSkills(folders, flags.limits, { includeHidden: flags.includeHidden });
    catalog = skills.catalog({ format: flags.xml ? 'xml' : 'markdown' });
    checkInstructions(catalog, skills);
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
    return 0;
  }
  if (catalog !== '') io.out.write(`${escapeLines(catalog)}\n`);
  const shown = catalog === '' ? 'no skill is visible to the model, so there is no catalog' : `${bytes} of ${skills.limits.maxCatalogBytes} catalog bytes`;
  io.err.write(`${plural(skills.skills.length, 'skill')}, ${shown}\n`);
  if (skills.skills.length === 0) {
    const note = await hiddenNote(folders, { ...discoveryBounds(skills.limits), includeHidden: flags.includeHidden }, io.cwd);
    if (note !== undefined) io.err.write(`satchel catalog: ${note}\n`);
  }
  return 0;
}

/** The catalog goes into the agent's instructions: alone over `maxInstructionsBytes`, `withSkills` would refuse it. */
function checkInstructions(catalog: string, skills: SkillSet): void {
  const bytes = utf8ByteLength(catalog);
  const max = skills.limits.maxInstructionsBytes;
  if (bytes > max) {
    throw new SkillError(
      'LIMIT_EXCEEDED',
      `The catalog of ${skills.skills.length} skills is ${bytes} bytes, more than maxInstructionsBytes (${max}) before any instructions are added.`,
    );
  }
}
