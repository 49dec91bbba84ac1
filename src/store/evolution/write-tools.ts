/**
 * The agent's write tools over a store namespace: `skills.set`,
 * `skills.get_resource`, `skills.set_resource`, `skills.delete_resource`
 * (or the structured-format seed's names). They enforce the authoring rules
 * and write through the store, so the mutability policy and validation hold
 * and a malformed skill never reaches the catalog.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import type { JsonSchema, SkillTool } from '../../agent/tools.js';
import { isBytes } from '../../sources/inventory.js';
import { AUTHORING_LIMITS, authoringError, checkLength, checkResourcePath, sanitiseName } from './authoring.js';
import { builtinRefusal } from './policy.js';
import { editable, editedText, existing, folderOf, newSkillText, type Editable } from './skill-edit.js';
import type { Actor, SkillStore, WriteResult } from '../types.js';

/** The grant every write tool needs besides its own `tool:<id>`. */
export const SKILLS_WRITE_GRANT = 'skills:write';

/** The write tools' ids: Satchel's (`skills.*`) and the structured-format seed's. */
export const WRITE_TOOL_IDS = {
  satchel: { set: 'skills.set', getResource: 'skills.get_resource', setResource: 'skills.set_resource', deleteResource: 'skills.delete_resource' },
  seed: { set: 'set_skill', getResource: 'get_skill_resource', setResource: 'set_skill_resource', deleteResource: 'delete_skill_resource' },
} as const;

/** Options of {@link createWriteTools}. */
export interface WriteToolsOptions {
  /** The namespace the tools write: the surface's own (see `surfaceNamespace`). */
  readonly namespace: readonly string[];
  /** Who the writes are recorded as (default `agent`, so the store's mutability policy applies). */
  readonly actor?: Actor;
  /** `satchel` ids (`skills.set`, …, default) or the seed's (`set_skill`, …). */
  readonly names?: keyof typeof WRITE_TOOL_IDS;
  /**
   * A resource write or deletion addressed to a builtin (checked-in) skill: `ignore` (default, the MD-first seed's rule)
   * resolves with `status: 'ignored'`, a `resource-write-ignored` warning and the audit entry `skill.resource_write_ignored`;
   * `refuse` fails with `CONFLICT` (`builtin-read-only`). A `set` of a builtin's name is refused either way.
   */
  readonly builtinWrites?: 'ignore' | 'refuse';
}

/** What a writing tool returns. */
export interface SkillWriteResult {
  /** The skill's name, sanitised to the spec's form. */
  readonly name: string;
  /** `applied`: a new revision; `proposed`: waiting for approval; `unchanged`: the content was already so; `ignored`: a builtin skill's file, read-only. */
  readonly status: 'applied' | 'proposed' | 'unchanged' | 'ignored';
  /** The active revision after the call (unchanged while a proposal waits). */
  readonly revision: number;
  readonly digest: string;
  /** The proposal's id, when `proposed`. */
  readonly proposal?: string;
  /** True when the body is composed from `sections/`. */
  readonly structured: boolean;
  /** For `ignored`: the `resource-write-ignored` warning. */
  readonly diagnostics?: readonly Diagnostic[];
  /** What the store's safety gate found in the content written or proposed (a refused write fails with `UNSAFE_SKILL`). */
  readonly findings?: readonly Diagnostic[];
}

/** What the get-resource tool returns. */
export interface ResourceText {
  readonly name: string;
  readonly path: string;
  readonly content: string;
}

const VERSION = 'satchel-write-tools/1';
const [NAME_MIN, NAME_MAX] = AUTHORING_LIMITS.name;
const nameSchema = {
  type: 'string',
  minLength: NAME_MIN,
  maxLength: NAME_MAX,
  description: "The skill name; it is stored in the spec's form (lower case, digits, single hyphens).",
};
const pathSchema = {
  type: 'string',
  description:
    'A path under references/, assets/ or sections/ (sections: purpose.md, inputs-outputs.md, constraints.md, workflow.md, decision-criteria.md, examples.md, anti-patterns.md).',
};

/**
 * The four write tools over `options.namespace` of `store`, or none when
 * the store's mutability is `disabled`. Each needs the grants
 * `tool:<its id>` and `skills:write`; run them with `runTool`.
 *
 * @example
 * ```ts
 * const store = await openIndexedDbStore({ mutability: 'approval-gated', reservedNames: builtinNames })
 * const tools = createWriteTools(store, { namespace: surfaceNamespace('acme', 'ann') })
 * const set = findTool(tools, 'skills_set')
 * await runTool(set, { name: 'invoice-export', description: '…' }, { grants: ['tool:skills.set', 'skills:write'] })
 * const [proposal] = await store.proposals(surfaceNamespace('acme', 'ann'))   // a person approves it later
 * ```
 */
export function createWriteTools(store: SkillStore, options: WriteToolsOptions): readonly SkillTool[] {
  const ns = [...options.namespace];
  if (policyOf(store, ns) === 'disabled') return [];
  const ids = WRITE_TOOL_IDS[options.names ?? 'satchel'];
  if (!ids) throw new SkillError('INVALID_INPUT', `names must be "satchel" or "seed", not ${JSON.stringify(options.names)}.`);
  const builtinWrites = options.builtinWrites ?? 'ignore';
  if (builtinWrites !== 'ignore' && builtinWrites !== 'refuse')
    throw new SkillError('INVALID_INPUT', `builtinWrites must be "ignore" or "refuse", not ${JSON.stringify(builtinWrites)}.`);
  const actor = options.actor ?? 'agent';
  const write: WriteParts['write'] = async (files, before, structured) => {
    const result = await store.put(ns, files, { actor, expectedRevision: before?.stored.revision ?? 0 });
    return resultOf(result, before, structured);
  };
  const builtin: WriteParts['builtin'] = async (name, path, what) => {
    if (builtinWrites === 'refuse') throw builtinRefusal(name, what, path);
    const ignored = await store.recordIgnoredWrite(ns, name, path, { actor });
    return { name, status: 'ignored', revision: ignored.revision, digest: ignored.digest, structured: false, diagnostics: ignored.diagnostics };
  };
  const parts: WriteParts = { store, ns, ids, write, builtin };
  return Object.freeze([setTool(parts), getResourceTool(parts), setResourceTool(parts), deleteResourceTool(parts)]);
}

/** @deprecated Use {@link createWriteTools} (a sync factory is `createX`). */
export const writeTools = createWriteTools;

/** The namespace's policy: its own (a store with `mutabilityOf`), else the store's. */
function policyOf(store: SkillStore, ns: readonly string[]): string {
  return typeof store.mutabilityOf === 'function' ? store.mutabilityOf(ns) : store.mutability;
}

/** What the four tools share: the store and namespace they write, their ids, and the write itself. */
interface WriteParts {
  readonly store: SkillStore;
  readonly ns: readonly string[];
  readonly ids: (typeof WRITE_TOOL_IDS)[keyof typeof WRITE_TOOL_IDS];
  /** Puts the skill's folder, expecting the revision `before` was read at (0 for a new skill). */
  write(files: Record<string, string | Uint8Array>, before: Editable | undefined, structured: boolean): Promise<SkillWriteResult>;
  /** A resource write to a builtin skill: ignored and recorded, or refused (`builtinWrites`). */
  builtin(name: string, path: string, what: string): Promise<SkillWriteResult>;
}

/** A write tool: its object schema, write effects and grants around `run`, which gets the input as a record. */
function writeTool<O>(
  id: string,
  description: string,
  properties: Record<string, JsonSchema>,
  required: string[],
  run: (input: Record<string, unknown>) => Promise<O>,
): SkillTool<O> {
  return Object.freeze({
    id,
    description,
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
    effects: 'write' as const,
    cost: 0 as const,
    version: VERSION,
    grants: Object.freeze([`tool:${id}`, SKILLS_WRITE_GRANT]),
    run: (input: unknown) => run(record(input)),
  });
}

/** The set tool: creates a skill (plain with `body`, structured without) or edits its description and body. */
function setTool({ store, ns, ids, write }: WriteParts): SkillTool<SkillWriteResult> {
  return writeTool<SkillWriteResult>(
    ids.set,
    'Create or update a learned skill. With `body` it is a plain skill (body 300–20,000 characters); with only name and description it is created structured: its body is then composed from sections/ files written with the set-resource tool, and a body cannot be set directly.',
    { name: nameSchema, description: { type: 'string', minLength: 25, maxLength: 500 }, body: { type: 'string', minLength: 300, maxLength: 20_000 } },
    ['name', 'description'],
    async (input) => {
      const name = skillName(input['name']);
      const description = text(input, 'description');
      checkLength('description', 'The description', description);
      const body = input['body'] === undefined || input['body'] === null ? undefined : text(input, 'body');
      const before = await editable(store, ns, name, 'skill write');
      if (body !== undefined && before?.structured)
        throw authoringError(
          `Skill "${name}" is structured: its body is composed from sections/ and cannot be written directly. Write a section with ${ids.setResource}.`,
        );
      if (body !== undefined) checkLength('body', 'The body', body);
      const skillText = before
        ? editedText(before, { description, ...(body === undefined ? {} : { body }) }, before.stored.files)
        : newSkillText(name, description, body);
      return write(folderOf(skillText, before?.stored.files ?? {}), before, before ? before.structured : body === undefined);
    },
  );
}

/** The get-resource tool: one text resource of a learned skill. */
function getResourceTool({ store, ns, ids }: WriteParts): SkillTool<ResourceText> {
  return writeTool<ResourceText>(
    ids.getResource,
    'Read one resource file (references/, assets/ or sections/) of a learned skill.',
    { name: nameSchema, path: pathSchema },
    ['name', 'path'],
    async (input) => {
      const name = skillName(input['name']);
      const path = checkResourcePath(input['path']);
      if (store.isReserved(name)) throw new SkillError('NOT_FOUND', `"${name}" is a builtin skill, not a learned one; read its files with skills.read.`);
      const { stored } = await existing(store, ns, name, 'read', path);
      const content = stored.files[path];
      if (content === undefined) throw new SkillError('NOT_FOUND', `Skill "${name}" has no resource \`${path}\`.`, { path });
      if (isBytes(content)) throw new SkillError('INVALID_INPUT', `\`${path}\` of skill "${name}" is binary; only text can be read.`, { path });
      return { name, path, content };
    },
  );
}

/** The set-resource tool: writes one resource file; a structured skill's body is composed again. */
function setResourceTool({ store, ns, ids, write, builtin }: WriteParts): SkillTool<SkillWriteResult> {
  return writeTool<SkillWriteResult>(
    ids.setResource,
    'Create or replace one resource file of a learned skill: under references/ or assets/, or one of the seven sections/ files of a structured skill (its body is composed again). Content 1–10,000 characters; file name 5–60.',
    { name: nameSchema, path: pathSchema, content: { type: 'string', minLength: 1, maxLength: 10_000 } },
    ['name', 'path', 'content'],
    async (input) => {
      const name = skillName(input['name']);
      const path = checkResourcePath(input['path']);
      const content = text(input, 'content');
      checkLength('resourceContent', `The content of \`${path}\``, content, path);
      if (store.isReserved(name)) return builtin(name, path, 'resource write');
      const before = await existing(store, ns, name, 'resource write', path);
      refusePlainSections(before, path);
      const files = { ...before.stored.files, [path]: content };
      return write(folderOf(editedText(before, {}, files), files), before, before.structured);
    },
  );
}

/** The delete-resource tool: removes one resource file; a structured skill's body is composed again. */
function deleteResourceTool({ store, ns, ids, write, builtin }: WriteParts): SkillTool<SkillWriteResult> {
  return writeTool<SkillWriteResult>(
    ids.deleteResource,
    "Delete one resource file (references/, assets/ or sections/) of a learned skill; a structured skill's body is composed again.",
    { name: nameSchema, path: pathSchema },
    ['name', 'path'],
    async (input) => {
      const name = skillName(input['name']);
      const path = checkResourcePath(input['path']);
      if (store.isReserved(name)) return builtin(name, path, 'resource deletion');
      const before = await existing(store, ns, name, 'resource deletion', path);
      if (before.stored.files[path] === undefined) throw new SkillError('NOT_FOUND', `Skill "${name}" has no resource \`${path}\`.`, { path });
      const files = { ...before.stored.files };
      delete files[path];
      return write(folderOf(editedText(before, {}, files), files), before, before.structured);
    },
  );
}

function resultOf(result: WriteResult, before: Editable | undefined, structured: boolean): SkillWriteResult {
  const status =
    result.proposal !== undefined
      ? 'proposed'
      : before && result.revision === before.stored.revision && result.digest === before.stored.digest
        ? 'unchanged'
        : 'applied';
  return {
    name: result.name,
    status,
    revision: result.revision,
    digest: result.digest,
    ...(result.proposal === undefined ? {} : { proposal: result.proposal }),
    structured,
    ...(result.findings === undefined ? {} : { findings: result.findings }),
  };
}

function refusePlainSections(before: Editable, path: string): void {
  if (path.startsWith('sections/') && !before.structured) {
    throw authoringError(
      `Skill "${before.stored.name}" is plain: sections/ files belong to structured skills (created with a name and description only).`,
      path,
    );
  }
}

/** The name sanitised to the spec's form, 5–60 characters. */
function skillName(value: unknown): string {
  if (typeof value !== 'string') throw authoringError('`name` must be text.');
  const name = sanitiseName(value);
  checkLength('name', name === value ? `The name "${name}"` : `The name "${value}" (sanitised: "${name}")`, name);
  return name;
}

function text(input: Record<string, unknown>, key: string): string {
  const value = input[key];
  if (typeof value !== 'string') throw authoringError(`\`${key}\` must be text.`);
  return value;
}

function record(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new SkillError('INVALID_INPUT', 'The input must be an object.');
  return input as Record<string, unknown>;
}
