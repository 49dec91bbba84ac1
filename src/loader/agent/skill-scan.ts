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
import { readLoaderFile, readSkillSourceFile } from './agent-view.js';
import { skillFileNameOf, type SkillProjection } from './sandbox-projection.js';

/** `bytes` as text, or `INVALID_INPUT` naming the file of `skill` that is not UTF-8. */
function textOf(skill: Skill, path: string, bytes: Uint8Array | undefined): string {
  const text = bytes === undefined ? undefined : decodeUtf8(bytes);
  if (text === undefined) throw new SkillError('INVALID_INPUT', `\`${path}\` of skill "${skill.name}" is not UTF-8 text.`, { path });
  return text;
}

/** The findings of `skill`, whose files `projection` holds (the listed files in order, then the SKILL.md). */
export async function scanProjected(skill: Skill, projection: SkillProjection): Promise<Diagnostic[]> {
  const bytes = new Map(skill.files.map((file, i) => [file.path, projection.files[i]?.bytes]));
  const skillMd = projection.files.at(-1)?.bytes;
  const readFile = (path: string): string => textOf(skill, path, path === 'SKILL.md' ? skillMd : bytes.get(path));
  // Imported on use: a loader that never scans (a worker's start) carries no scanner rules and no look-alike tables.
  const { scanSkill } = await import('../../safety/scan.js');
  return scanSkill(skill, { readFile });
}

/**
 * The findings of a skill read in full (not yet in any cache): each listed text file read as `skills.read` reads it
 * (through its source, checked against its digest), the SKILL.md as the source holds it (a source may hold more than
 * the skill shows, such as an MCP server's `allowed-tools` left out until approved: the scan reads all of it).
 */
export async function scanSkillFiles(skill: Skill, limits: ResolvedLimits, bounds: SourceCallBounds): Promise<Diagnostic[]> {
  const readFile = async (path: string): Promise<string> =>
    path === 'SKILL.md'
      ? textOf(skill, path, await readSkillSourceFile(skill, skillFileNameOf(skill), limits, bounds))
      : readLoaderFile(skill, path, limits, bounds);
  const { scanSkill } = await import('../../safety/scan.js');
  return scanSkill(skill, { readFile });
}
