/**
 * The file tools, `skills.list` and `skills.grep`: read-only members of the
 * skill tools' family that hydrate a skill's files lazily — the files under
 * a folder, and the lines that hold a pattern — over the same
 * {@link ServedSkills}, with the same version and grant scheme.
 * @module
 */
import { SkillError } from '../format/errors.js';
import type { Skill, SkillFile } from '../format/types.js';
import { unsafeResourcePathReason } from '../shared/paths.js';
import type { GrepQuery, GrepResult } from './grep.js';
import { inputRecord, invalid, nameSchemaOf, unknownSkill } from './tool-input.js';
import { GREP_LIMITS, SKILLS_GREP, SKILLS_LIST, SKILLS_READ_GRANT } from './tool-names.js';
import { listedFile, type ListedFile, type ServedSkills, type SkillTool } from './tools.js';

/** What `skills.list` returns. */
export interface ListFilesResult {
  readonly name: string;
  /** The folder listed, as given (`''` for the whole skill). */
  readonly path: string;
  /** The files under it, with sizes and content types; never contents. */
  readonly files: readonly ListedFile[];
}

/**
 * `skills.list` and `skills.grep` over `served`, serving every skill (as
 * `skills.read` does); none when no skill is served.
 *
 * @example
 * ```ts
 * const [list, grep] = createFileTools(served)
 * await grep.run({ name: 'dcf-model-builder', pattern: 'def npv', path: '../../shared' })
 * ```
 */
export function createFileTools(served: ServedSkills): readonly SkillTool[] {
  const byName = new Map(served.skills.map((s) => [s.name, s]));
  if (byName.size === 0) return [];
  const names = [...byName.keys()];
  const skillOf = (record: Record<string, unknown>): Skill => {
    const name = record['name'];
    if (typeof name !== 'string') throw invalid('`name` must be the name of a skill, as text.');
    const skill = byName.get(name);
    if (!skill) throw unknownSkill(name, names);
    return skill;
  };
  const parts: FileToolParts = { served, skillOf, nameProperty: nameSchemaOf(served, names, 'The skill name.') };
  return Object.freeze([listTool(parts), grepTool(parts)]);
}

/** What both file tools share: the served skills, the skill an input names, and the schema of that name. */
interface FileToolParts {
  readonly served: ServedSkills;
  readonly skillOf: (record: Record<string, unknown>) => Skill;
  readonly nameProperty: Readonly<Record<string, unknown>>;
}

/** The `path` input of both tools. */
const PATH_PROPERTY = {
  type: 'string',
  description: "A folder of the skill, as its files are listed (`references`, or `../../shared` for a plugin's shared files); the whole skill when left out.",
};

/** The fields every file tool carries: read-only, free, versioned with the served skills. */
function commonOf(served: ServedSkills): { effects: 'none'; cost: 0; version: string } {
  return { effects: 'none' as const, cost: 0 as const, version: served.digest };
}

/** `skills.list`: the files under a folder, never their contents. */
function listTool({ served, skillOf, nameProperty }: FileToolParts): SkillTool<ListFilesResult> {
  return Object.freeze({
    ...commonOf(served),
    id: SKILLS_LIST,
    description: 'List the files under a folder of a skill: path, size and content type of each, never contents. Read a text file with skills.read.',
    inputSchema: { type: 'object', properties: { name: nameProperty, path: PATH_PROPERTY }, required: ['name'], additionalProperties: false },
    grants: Object.freeze([`tool:${SKILLS_LIST}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<ListFilesResult> => {
      const record = inputRecord(input);
      const skill = skillOf(record);
      const folder = folderOf(record['path']);
      const files = filesUnder(skill, folder);
      if (files.length === 0 && folder !== '') throw new SkillError('NOT_FOUND', `Skill "${skill.name}" has no files under \`${folder}\`.`, { path: folder });
      return { name: skill.name, path: folder, files: files.map(listedFile) };
    },
  });
}

/** `skills.grep`: the lines of a skill's text files that hold a pattern. */
function grepTool({ served, skillOf, nameProperty }: FileToolParts): SkillTool<GrepResult> {
  return Object.freeze({
    ...commonOf(served),
    id: SKILLS_GREP,
    description: `Search a skill's text files for a pattern: returns matching lines with path and line number (at most ${GREP_LIMITS.maxMatches}). The pattern is literal text unless \`regex\` is true. Binary files are never searched.`,
    inputSchema: {
      type: 'object',
      properties: {
        name: nameProperty,
        pattern: { type: 'string', description: 'Text to find in a line (or a regular expression with `regex`).' },
        path: PATH_PROPERTY,
        regex: { type: 'boolean', description: 'Read `pattern` as a regular expression (no backreferences or lookaround). Default false.' },
        ignoreCase: { type: 'boolean', description: 'Match regardless of letter case. Default false.' },
      },
      required: ['name', 'pattern'],
      additionalProperties: false,
    },
    grants: Object.freeze([`tool:${SKILLS_GREP}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<GrepResult> => {
      const record = inputRecord(input);
      const skill = skillOf(record);
      const query = grepQueryOf(record);
      const files = filesUnder(skill, folderOf(record['path']));
      // Imported on the first search: a worker whose model never greps carries none of it.
      const { grepFiles } = await import('./grep.js');
      return grepFiles(skill.name, query, files, (file: SkillFile) => served.readText(skill, file));
    },
  });
}

/** The pattern and its switches from a `skills.grep` input, checked. */
function grepQueryOf(record: Record<string, unknown>): GrepQuery {
  const { pattern, regex, ignoreCase } = record;
  if (typeof pattern !== 'string') throw invalid('`pattern` must be text.');
  for (const [key, value] of [
    ['regex', regex],
    ['ignoreCase', ignoreCase],
  ] as const)
    if (value !== undefined && typeof value !== 'boolean') throw invalid(`\`${key}\` must be true or false.`);
  return { pattern, regex: regex === true, ignoreCase: ignoreCase === true };
}

/** The folder input without trailing slashes (`''` for the whole skill); `UNSAFE_PATH` for one no listed file could be under. */
function folderOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid('`path` must be text.');
  const folder = value.replace(/\/+$/, '');
  if (folder === '' || folder === '.') return '';
  const reason = unsafeResourcePathReason(`${folder}/file`, Number.POSITIVE_INFINITY);
  if (reason) throw new SkillError('UNSAFE_PATH', `Cannot list \`${value}\`: ${reason}.`, { path: value });
  return folder;
}

/** The files of `skill` under `folder` (all of them for `''`), in listed order. */
function filesUnder(skill: Skill, folder: string): readonly SkillFile[] {
  return folder === '' ? skill.files : skill.files.filter((f) => f.path.startsWith(`${folder}/`));
}
