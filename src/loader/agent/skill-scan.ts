/**
 * `loader.scan(name)`: the scanner (`safety/`) over a cached skill, its files read through the loader's own read
 * path, the one a sandbox takes: every listed file through its source and checked against its digest, the SKILL.md
 * as the source holds it, checked by parsing it again (a skill no source listed has its SKILL.md written from itself).
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import type { Skill } from '../../format/types.js';
import { decodeUtf8 } from '../../shared/text.js';
import type { SkillProjection } from './sandbox-projection.js';

/** The findings of `skill`, whose files `projection` holds (the listed files in order, then the SKILL.md). */
export async function scanProjected(skill: Skill, projection: SkillProjection): Promise<Diagnostic[]> {
  const bytes = new Map(skill.files.map((file, i) => [file.path, projection.files[i]?.bytes]));
  const skillMd = projection.files.at(-1)?.bytes;
  const readFile = (path: string): string => {
    const held = path === 'SKILL.md' ? skillMd : bytes.get(path);
    const text = held === undefined ? undefined : decodeUtf8(held);
    if (text === undefined) throw new SkillError('INVALID_INPUT', `\`${path}\` of skill "${skill.name}" is not UTF-8 text.`, { path });
    return text;
  };
  // Imported on use: a loader that never scans (a worker's start) carries no scanner rules and no look-alike tables.
  const { scanSkill } = await import('../../safety/scan.js');
  return scanSkill(skill, { readFile });
}
