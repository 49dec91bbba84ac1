/**
 * `satchel catalog <path…>`: loads the paths into a skill set, as
 * `loadSkills` does, and prints the catalog the model would see in its
 * instructions (`--xml` for the `<available_skills>` form).
 * @module
 */
import { resolve, sep } from 'node:path';
import { utf8ByteLength } from '../../shared/text.js';
import { fixFor, formatDiagnostic } from '../../format/diagnostics.js';
import { isSkillError } from '../../format/errors.js';
import type { SkillSet } from '../../agent/skill-set.js';
import type { CliFlags, CliIo } from './io.js';
import { loadSkills } from '../load-skills.js';

/**
 * Prints the catalog on stdout (nothing else, so it can be piped) and a
 * one-line summary on stderr; with `--json`, one object with the catalog,
 * its size, the set's digest and the tool definitions. Resolves to the exit
 * code: 1 when the set is refused.
 */
export async function catalogCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const format = flags.xml ? 'xml' : 'markdown';
  let skills: SkillSet;
  let catalog: string;
  try {
    skills = await loadSkills(flags.paths.map((p) => resolve(io.cwd, p)), undefined, { includeHidden: flags.includeHidden });
    catalog = skills.catalog({ format });
  } catch (e) {
    if (!isSkillError(e)) throw e;
    io.err.write(`satchel catalog: ${e.code}: ${shorten(e.message, io.cwd)}\n`);
    for (const d of e.diagnostics) io.err.write(`${shorten(formatDiagnostic(d), io.cwd)}\n    fix: ${fixFor(d.code)}\n`);
    return 1;
  }
  const bytes = utf8ByteLength(catalog);
  if (flags.json) {
    const tools = skills.tools.map(({ id, description, inputSchema, version, grants }) => ({ id, description, inputSchema, version, grants }));
    io.out.write(`${JSON.stringify({ catalog, bytes, maxCatalogBytes: skills.limits.maxCatalogBytes, digest: skills.digest, skills: skills.skills.length, tools }, null, 2)}\n`);
    return 0;
  }
  if (catalog !== '') io.out.write(`${catalog}\n`);
  const shown = catalog === '' ? 'no skill is visible to the model, so there is no catalog' : `${bytes} of ${skills.limits.maxCatalogBytes} catalog bytes`;
  io.err.write(`${skills.skills.length} skill${skills.skills.length === 1 ? '' : 's'}, ${shown}\n`);
  return 0;
}

/** Absolute paths under the working folder, shown relative to it. */
function shorten(text: string, cwd: string): string {
  return text.split(`${resolve(cwd)}${sep}`).join('');
}
