/**
 * The `skills.load` and `skills.read` tools: read-only, free, versioned by
 * the set's digest, built over anything that holds skills and can read
 * their text files (a {@link SkillShelf}).
 * @module
 */
import { substituteArguments } from './arguments.js';
import { isModelVisible } from './catalog.js';
import { utf8ByteLength } from '../shared/text.js';
import { SkillError } from '../format/errors.js';
import { unsafePathReason } from '../shared/paths.js';
import { SKILLS_LOAD, SKILLS_READ, SKILLS_READ_GRANT } from './tool-names.js';
import type { Skill, SkillFile } from '../format/types.js';

/** A JSON Schema object, as tool definitions carry it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * What running a tool changes: `none` for the read-only skill tools,
 * `write` for the store's write tools (they change stored skills, or
 * propose a change, under the store's mutability policy).
 */
export type ToolEffects = 'none' | 'write';

/**
 * A tool in the shape agent runtimes take: an id, a description and an
 * input schema for the model; effects, cost, version and grants for the
 * runtime; `run` to call it.
 */
export interface SkillTool<Output = unknown> {
  /** `skills.load`, `skills.read`, or a write tool's id (`skills.set`, …). */
  readonly id: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** JSON Schema of the input. */
  readonly inputSchema: JsonSchema;
  /** `none` for read-only tools; `write` for tools that change stored skills. */
  readonly effects: ToolEffects;
  /** Free to call. */
  readonly cost: 0;
  /** Read tools: the digest of the skills they serve, changing whenever a skill does. Write tools: the version of their rules. */
  readonly version: string;
  /** Grants a runtime must allow before running it (see `checkGrants`). */
  readonly grants: readonly string[];
  /** Runs the tool; rejects with a `SkillError` the model can read. */
  run(input: unknown): Promise<Output>;
}

/** One file as `skills.load` lists it. */
export interface ListedFile {
  /** Path relative to the skill folder, as `skills.read` takes it. */
  readonly path: string;
  /** Size in bytes. */
  readonly size: number;
  /** True for text; binary files are listed but cannot be read. */
  readonly text: boolean;
}

/** What `skills.load` returns. */
export interface LoadedSkill {
  readonly name: string;
  readonly description: string;
  /** The full instructions, with argument placeholders filled when `arguments` was given. */
  readonly instructions: string;
  readonly files: readonly ListedFile[];
}

/** What `skills.read` returns. */
export interface ReadFileResult {
  readonly name: string;
  readonly path: string;
  /** The file's text. */
  readonly text: string;
}

/** What the tools read from: a fixed list of skills and a way to read their text files. */
export interface SkillShelf {
  /** Every skill served, hidden ones included. */
  readonly skills: readonly Skill[];
  /** Digest over every skill; the tools' `version`. */
  readonly digest: string;
  /** The text of `file`, which is listed by `skill` and is text; rejects when it cannot be read or verified. */
  readText(skill: Skill, file: SkillFile): Promise<string>;
  /** Largest JSON of a name enum in the input schemas; past it `name` is a plain string (default: no bound). */
  readonly maxEnumBytes?: number;
}

/**
 * The two tools over `shelf`, or none when no skill is visible to the model
 * (a JSON Schema enum cannot be empty, and there is nothing to load).
 *
 * `skills.load` serves the model-visible skills; `skills.read` serves every
 * skill, so the files of a `disable-model-invocation` skill that the user
 * called by name stay readable.
 */
export function createSkillTools(shelf: SkillShelf): readonly SkillTool[] {
  const byName = new Map(shelf.skills.map((s) => [s.name, s]));
  const loadable = shelf.skills.filter(isModelVisible).map((s) => s.name);
  if (loadable.length === 0) return [];
  const nameSchema = (names: readonly string[], what: string): JsonSchema => {
    const fits = shelf.maxEnumBytes === undefined || utf8ByteLength(JSON.stringify(names)) <= shelf.maxEnumBytes;
    return fits ? { type: 'string', enum: [...names], description: what } : { type: 'string', description: what };
  };
  const load: SkillTool<LoadedSkill> = Object.freeze({
    id: SKILLS_LOAD,
    description:
      "Load a skill by name: returns its full instructions and the list of its files (path, size, text or binary). Call it before a task that one of the catalog's skills covers.",
    inputSchema: {
      type: 'object',
      properties: {
        name: nameSchema(loadable, 'The skill name, exactly as the catalog gives it.'),
        arguments: { type: 'string', description: 'Optional arguments for the skill, as a user would type them after its name.' },
      },
      required: ['name'],
      additionalProperties: false,
    },
    effects: 'none' as const,
    cost: 0 as const,
    version: shelf.digest,
    grants: Object.freeze([`tool:${SKILLS_LOAD}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<LoadedSkill> => {
      const { name, args } = loadInput(input);
      const skill = byName.get(name);
      if (!skill || !isModelVisible(skill)) throw unknownSkill(name, loadable);
      return loadedSkill(skill, args);
    },
  });
  const read: SkillTool<ReadFileResult> = Object.freeze({
    id: SKILLS_READ,
    description: 'Read one text file of a skill, by its path exactly as listed when the skill was loaded. Binary files cannot be read.',
    inputSchema: {
      type: 'object',
      properties: {
        name: nameSchema([...byName.keys()], 'The skill name.'),
        path: { type: 'string', description: 'The file path as the skill\'s file list gives it, e.g. `references/guide.md`.' },
      },
      required: ['name', 'path'],
      additionalProperties: false,
    },
    effects: 'none' as const,
    cost: 0 as const,
    version: shelf.digest,
    grants: Object.freeze([`tool:${SKILLS_READ}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<ReadFileResult> => {
      const { name, path } = readInput(input);
      const skill = byName.get(name);
      if (!skill) throw unknownSkill(name, [...byName.keys()]);
      const file = listedTextFile(skill, path);
      return { name, path: file.path, text: await shelf.readText(skill, file) };
    },
  });
  return Object.freeze([load, read]);
}

/** What `skills.load` returns for `skill`, with `args` substituted. */
export function loadedSkill(skill: Skill, args: string | undefined): LoadedSkill {
  return {
    name: skill.name,
    description: skill.description,
    instructions: substituteArguments(skill.content, args),
    files: skill.files.map((f) => ({ path: f.path, size: f.size, text: f.text })),
  };
}

/**
 * The file `path` of `skill`, refusing what `skills.read` may not return:
 * an unsafe path (`UNSAFE_PATH`), one the skill does not list
 * (`NOT_FOUND`), a binary file (`INVALID_INPUT`).
 */
export function listedTextFile(skill: Skill, path: unknown): SkillFile {
  if (typeof path !== 'string') throw invalid('`path` must be text.');
  const reason = unsafePathReason(path, Number.POSITIVE_INFINITY);
  if (reason) throw new SkillError('UNSAFE_PATH', `Cannot read \`${path}\` of skill "${skill.name}": ${reason}.`, { path });
  const file = skill.files.find((f) => f.path === path);
  if (!file) {
    const hint = path.toLowerCase() === 'skill.md' ? ' Its instructions come from loading the skill.' : ` Its files: ${listOf(skill.files.map((f) => f.path))}.`;
    throw new SkillError('NOT_FOUND', `Skill "${skill.name}" has no file \`${path}\`.${hint}`, { path });
  }
  if (!file.text) throw invalid(`\`${path}\` of skill "${skill.name}" is a binary file; only text files can be read.`);
  return file;
}

function loadInput(input: unknown): { name: string; args: string | undefined } {
  const record = inputRecord(input);
  const name = record['name'];
  const args = record['arguments'];
  if (typeof name !== 'string') throw invalid('`name` must be the name of a skill, as text.');
  if (args !== undefined && args !== null && typeof args !== 'string') throw invalid('`arguments` must be text.');
  return { name, args: typeof args === 'string' ? args : undefined };
}

function readInput(input: unknown): { name: string; path: unknown } {
  const record = inputRecord(input);
  const name = record['name'];
  if (typeof name !== 'string') throw invalid('`name` must be the name of a skill, as text.');
  return { name, path: record['path'] };
}

function inputRecord(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('The input must be an object.');
  return input as Record<string, unknown>;
}

function invalid(message: string): SkillError {
  return new SkillError('INVALID_INPUT', message);
}

function unknownSkill(name: string, names: readonly string[]): SkillError {
  return new SkillError('NOT_FOUND', `There is no skill named "${name}". Skills: ${listOf(names)}.`);
}

/** At most 20 items, then how many more: error messages stay short at any scale. */
function listOf(items: readonly string[]): string {
  if (items.length === 0) return 'none';
  const shown = items.slice(0, 20).join(', ');
  return items.length > 20 ? `${shown} and ${items.length - 20} more` : shown;
}
