// Scans a skill made of the given files, as a test writes them: SKILL.md (named `demo`) and files beside it.
import type { Diagnostic } from '../../src/format/diagnostics/diagnostic.js';
import { parseSkill } from '../../src/format/parse.js';
import type { Skill } from '../../src/format/types.js';
import { scanSkill } from '../../src/safety/scan.js';
import { skillMd, type SkillMdOptions } from '../support/skill-md.js';

/** The files of a test skill: `SKILL.md` (default: a plain `demo` skill) and any others, by path. */
export type SkillFiles = Readonly<Record<string, string | Uint8Array>>;

/** SKILL.md text for the skill `demo`. */
export function demoMd(options: SkillMdOptions = {}): string {
  return skillMd('demo', options);
}

/** The skill the files make; throws when SKILL.md does not parse (a test's own mistake). */
export function demoSkill(files: SkillFiles): Skill {
  const text = files['SKILL.md'] ?? demoMd();
  const rest = Object.entries(files)
    .filter(([path]) => path !== 'SKILL.md')
    .map(([path, content]) => ({ path, content }));
  const { skill, errors } = parseSkill(text, { folder: 'demo', files: rest });
  if (skill === undefined) throw new Error(`the test skill does not parse: ${errors.map((e) => e.message).join('; ')}`);
  return skill;
}

/** The findings of the skill the files make, every file read from `files`. */
export async function scanFiles(files: SkillFiles): Promise<Diagnostic[]> {
  const readFile = (path: string): string => {
    const content = path === 'SKILL.md' ? (files['SKILL.md'] ?? demoMd()) : files[path];
    if (typeof content !== 'string') throw new Error(`the scanner read ${path}, which is not a text file of the test`);
    return content;
  };
  return scanSkill(demoSkill(files), { readFile });
}

/** Each finding as `code path:line:column`, for a compact expectation. */
export function places(found: readonly Diagnostic[]): string[] {
  return found.map((d) => `${d.code} ${d.path}:${d.line}:${d.column}`);
}

/** Where `needle` first stands in `text`: `line:column`, both 1-based (columns in code points). */
export function where(text: string, needle: string): string {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" is not in the text`);
  const before = text.slice(0, index).split(/\r\n|\n|\r/);
  return `${before.length}:${[...(before.at(-1) ?? '')].length + 1}`;
}
