/**
 * The `skills.load` and `skills.read` tools: read-only, free, versioned by
 * the set's digest, built over anything that holds skills and can read
 * their text files (a {@link ServedSkills}).
 * @module
 */
import { isModelVisible } from './catalog/entries.js';
import { SkillError } from '../format/errors.js';
import { inputRecord, invalid, listOf, nameSchemaOf, unknownSkill } from './tool-input.js';
import { unsafeResourcePathReason } from '../shared/paths.js';
import { SKILLS_LOAD, SKILLS_READ, SKILLS_READ_GRANT } from './tool-names.js';
import type { Skill, SkillFile } from '../format/types.js';
import type { BundleIdentity } from '../sources/source.js';
import { contentTypeOf } from '../shared/content-type.js';
import { bundleOf, canonicalSkillPath, servedByOf } from './skill-paths.js';
import { unmetNeedsMessage, type UnmetNeeds } from '../format/fields/dependencies.js';

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
  readonly isText: boolean;
  /** The content type by extension (`text/markdown`, `text/x-python`, `image/png`, …). */
  readonly contentType: string;
}

/** What `skills.load` returns. */
export interface LoadedSkill {
  readonly name: string;
  readonly description: string;
  /** The full instructions, with argument placeholders filled when `arguments` was given. */
  readonly instructions: string;
  /** The inventory of its files: paths, sizes and content types, never contents. */
  readonly files: readonly ListedFile[];
  /** The canonical SKILL.md path: `/skills/<name>/SKILL.md`, or `/skills/<plugin>/skills/<name>/SKILL.md`. */
  readonly path: string;
  /** The plugin the skill ships in (name and version), or `null`. */
  readonly bundle: BundleIdentity | null;
  /** Present for a skill another party serves: who (`mcp:<label>`); its text is that server's, untrusted input. */
  readonly origin?: string;
}

/** What `skills.read` returns. */
export interface ReadFileResult {
  readonly name: string;
  readonly path: string;
  /** The file's text. */
  readonly text: string;
  /** Present for a file of a skill another party serves: who (`mcp:<label>`). */
  readonly origin?: string;
}

/** What the tools read from: a fixed list of skills and a way to read their text files. */
export interface ServedSkills {
  /** Every skill served, hidden ones included. */
  readonly skills: readonly Skill[];
  /** Digest over every skill; the tools' `version`. */
  readonly digest: string;
  /** The text of `file`, which is listed by `skill` and is text; rejects when it cannot be read or verified. */
  readText(skill: Skill, file: SkillFile): Promise<string>;
  /** Largest JSON of a name enum in the input schemas; past it `name` is a plain string (default: no bound). */
  readonly maxEnumBytes?: number;
  /** Largest instructions `skills.load` returns once arguments are filled in, in bytes (default 256 KiB, the file limit). */
  readonly maxFileBytes?: number;
  /** Told of every skill `skills.load` returns (a loader's `loaded` record); `skills.load` waits for a promise it returns. */
  readonly onLoad?: (skill: Skill) => void | Promise<void>;
  /** `skill` in full, for a skill known by its metadata only (`loaded: false`): a loader reads it through its source. */
  readonly inFull?: (skill: Skill) => Promise<Skill>;
  /**
   * What `skill` needs and the app lacks (a loader's `availableTools`), or `undefined`: a skill with unmet needs is
   * not in `skills.load`'s name list, and loading it fails with `NEEDS_UNMET` naming what is missing.
   */
  readonly unmet?: (skill: Skill) => UnmetNeeds | undefined;
}

/**
 * The two tools over `served`, or none when no skill is visible to the model
 * (a JSON Schema enum cannot be empty, and there is nothing to load).
 *
 * `skills.load` serves the model-visible skills; `skills.read` serves every
 * skill, so the files of a `disable-model-invocation` skill that the user
 * called by name stay readable.
 */
export function createSkillTools(served: ServedSkills): readonly SkillTool[] {
  const byName = new Map(served.skills.map((s) => [s.name, s]));
  const unmet = served.unmet ?? (() => undefined);
  const loadable = served.skills.filter((s) => isModelVisible(s) && unmet(s) === undefined).map((s) => s.name);
  if (loadable.length === 0) return [];
  const nameSchema = (names: readonly string[], what: string): JsonSchema => nameSchemaOf(served, names, what);
  const load: SkillTool<LoadedSkill> = Object.freeze({
    id: SKILLS_LOAD,
    description:
      "Load a skill by name: returns its full instructions, its canonical SKILL.md path, the plugin it ships in, and the list of its files (path, size, content type, text or binary). Call it before a task that one of the catalog's skills covers.",
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
    version: served.digest,
    grants: Object.freeze([`tool:${SKILLS_LOAD}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<LoadedSkill> => {
      const { name, args } = loadInput(input);
      const listed = byName.get(name);
      if (!listed || !isModelVisible(listed)) throw unknownSkill(name, loadable);
      const missing = unmet(listed);
      if (missing) throw needsUnmet(listed, missing);
      const skill = await inFull(served, listed);
      // Imported when arguments are given: most loads have none.
      const instructions = args === undefined ? skill.content : (await import('./arguments.js')).substituteArguments(skill.content, args, served.maxFileBytes);
      const loaded = loadedSkill(skill, instructions);
      await served.onLoad?.(skill);
      return loaded;
    },
  });
  return Object.freeze([load, readTool(served, byName, nameSchema)]);
}

/** `skills.read` over every skill of `byName`. */
function readTool(
  served: ServedSkills,
  byName: ReadonlyMap<string, Skill>,
  nameSchema: (names: readonly string[], what: string) => JsonSchema,
): SkillTool<ReadFileResult> {
  return Object.freeze({
    id: SKILLS_READ,
    description: 'Read one text file of a skill, by its path exactly as listed when the skill was loaded. Binary files cannot be read.',
    inputSchema: {
      type: 'object',
      properties: {
        name: nameSchema([...byName.keys()], 'The skill name.'),
        path: {
          type: 'string',
          description: "The file path as the skill's file list gives it, e.g. `references/guide.md` (or `../../shared/util.py` for a plugin's shared file).",
        },
      },
      required: ['name', 'path'],
      additionalProperties: false,
    },
    effects: 'none' as const,
    cost: 0 as const,
    version: served.digest,
    grants: Object.freeze([`tool:${SKILLS_READ}`, SKILLS_READ_GRANT]),
    run: async (input: unknown): Promise<ReadFileResult> => {
      const { name, path } = readInput(input);
      const listed = byName.get(name);
      if (!listed) throw unknownSkill(name, [...byName.keys()]);
      const skill = await inFull(served, listed);
      const file = listedTextFile(skill, path);
      const origin = servedByOf(skill);
      return { name, path: file.path, text: await served.readText(skill, file), ...(origin === undefined ? {} : { origin }) };
    },
  });
}

/** `skills.load`'s answer for a skill whose needs are unmet: what is missing, instead of its instructions. */
function needsUnmet(skill: Skill, unmet: UnmetNeeds): SkillError {
  const message = `${unmetNeedsMessage(skill.name, unmet)} It cannot be used here: do not follow it, choose another skill or tell the user what is missing.`;
  return new SkillError('NEEDS_UNMET', message, skill.path === undefined ? {} : { path: skill.path });
}

/** `skill` in full: itself unless it is known by its metadata only and `served` can read it. */
function inFull(served: ServedSkills, skill: Skill): Promise<Skill> | Skill {
  return skill.loaded === false && served.inFull ? served.inFull(skill) : skill;
}

/** What `skills.load` returns for `skill`, its instructions given (the body, with the call's arguments filled in). */
export function loadedSkill(skill: Skill, instructions: string): LoadedSkill {
  const origin = servedByOf(skill);
  return {
    name: skill.name,
    description: skill.description,
    instructions,
    files: skill.files.map(listedFile),
    path: canonicalSkillPath(skill),
    bundle: bundleOf(skill),
    ...(origin === undefined ? {} : { origin }),
  };
}

/** One file as the tools list it: path, size, text flag and content type. */
export function listedFile(file: SkillFile): ListedFile {
  return { path: file.path, size: file.size, isText: file.isText, contentType: contentTypeOf(file.path, file.isText) };
}

/**
 * The file `path` of `skill`, refusing what `skills.read` may not return:
 * an unsafe path (`UNSAFE_PATH`), one the skill does not list
 * (`NOT_FOUND`), a binary file (`INVALID_INPUT`).
 */
export function listedTextFile(skill: Skill, path: unknown): SkillFile {
  if (typeof path !== 'string') throw invalid('`path` must be text.');
  const reason = unsafeResourcePathReason(path, Number.POSITIVE_INFINITY);
  if (reason) throw new SkillError('UNSAFE_PATH', `Cannot read \`${path}\` of skill "${skill.name}": ${reason}.`, { path });
  const file = skill.files.find((f) => f.path === path);
  if (!file) {
    const hint =
      path.toLowerCase() === 'skill.md' ? ' Its instructions come from loading the skill.' : ` Its files: ${listOf(skill.files.map((f) => f.path))}.`;
    throw new SkillError('NOT_FOUND', `Skill "${skill.name}" has no file \`${path}\`.${hint}`, { path });
  }
  if (!file.isText) throw invalid(`\`${path}\` of skill "${skill.name}" is a binary file; only text files can be read.`);
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
