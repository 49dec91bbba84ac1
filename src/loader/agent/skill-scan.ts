/**
 * `loader.scan(name)`: the scanner (`safety/`) over a cached skill, its files read through the loader's own read
 * path, the one a sandbox takes: every listed file through its source and checked against its digest, the SKILL.md
 * as the source holds it, checked by parsing it again (a skill no source listed has its SKILL.md written from itself).
 * Imported on the first scan; what a scan found is kept by digest (`findings-record.ts`).
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import type { ResolvedLimits, Skill } from '../../format/types.js';
import type { SourceCallBounds } from '../source-call.js';
import { decodeUtf8 } from '../../shared/text.js';
import { readSkillSourceFile, readVerifiedBytes } from './agent-view.js';
import { skillFileNameOf, type SkillProjection } from './sandbox-projection.js';

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

/**
 * The findings of a skill read in full (not yet in any cache): each listed text file read through its source and
 * checked against its digest, the SKILL.md as the source holds it (a source may hold more than the skill shows, such
 * as an MCP server's `allowed-tools` left out until approved: the scan reads all of it).
 */
export async function scanSkillFiles(skill: Skill, limits: ResolvedLimits, bounds: SourceCallBounds): Promise<Diagnostic[]> {
  const byPath = new Map(skill.files.map((file) => [file.path, file]));
  const readFile = async (path: string): Promise<string> => {
    const file = byPath.get(path);
    const bytes =
      path === 'SKILL.md'
        ? await readSkillSourceFile(skill, skillFileNameOf(skill), limits, bounds)
        : await readVerifiedBytes(skill, file ?? notListed(skill, path), limits, bounds);
    const text = decodeUtf8(bytes);
    if (text === undefined) throw new SkillError('INVALID_INPUT', `\`${path}\` of skill "${skill.name}" is not UTF-8 text.`, { path });
    return text;
  };
  const { scanSkill } = await import('../../safety/scan.js');
  return scanSkill(skill, { readFile });
}

function notListed(skill: Skill, path: string): never {
  throw new SkillError('NOT_FOUND', `Skill "${skill.name}" lists no file \`${path}\`.`, { path });
}
