/**
 * The shapes Satchel works with: skills, their files, sources and limits.
 * @module
 */
import type { Diagnostic } from './diagnostics/diagnostic.js';
import { SkillError } from './errors.js';

/** Where a skill came from; the first tier that holds a name wins. */
export type SkillSourceKind = 'builtin' | 'org' | 'user';

/** How a skill is surfaced: `auto` routes on free text, `intent-matched` on intents, `manual` only by name. */
export type Activation = 'auto' | 'manual' | 'intent-matched';

/** Whether a skill runs with its parent's tools or with none. */
export type ToolMode = 'inherit' | 'none';

/** How a body is written: in SKILL.md (`plain`) or composed from `sections/` (`structured`). */
export type BodyFormat = 'plain' | 'structured';

/** Delegation settings for running a skill in a child runtime. */
export interface SkillExecution {
  /** Most model steps the child may take. */
  maxSteps?: number;
  /** Time budget in milliseconds. */
  timeout?: number;
  /** Whether the child may delegate further. */
  canDelegate?: boolean;
}

/** One resource file of a skill: listed with its size and hash; contents are read on demand. */
export interface SkillFile {
  /** Path relative to the skill folder, `/`-separated, e.g. `references/guide.md`. */
  readonly path: string;
  /** Size in bytes. */
  readonly size: number;
  /** True for UTF-8 text; binary files are listed but never returned as text. */
  readonly isText: boolean;
  /** `sha256:` + hex of the bytes. */
  readonly digest: string;
}

/**
 * A parsed, validated and normalized skill.
 *
 * Front matter keys may be kebab-case or camelCase (`allowed-tools` or
 * `allowedTools`); properties are camelCase. Keys Satchel does not know
 * are kept in `extensions`, as parsed.
 */
export interface Skill {
  /** Identifier, normally kebab-case and equal to the folder name. */
  readonly name: string;
  /** What the skill does and when to use it; the model chooses by this. */
  readonly description: string;
  /** License name or file reference. */
  readonly license?: string;
  /** Environment requirements, free text. */
  readonly compatibility?: string;
  /** The spec's free-form map (kept as parsed). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Semver text. */
  readonly version?: string;
  /** Email or identifier of the author. */
  readonly author?: string;
  /** Tools the skill expects; informational, a skill never grants anything. */
  readonly allowedTools?: readonly string[];
  /** Tools the skill should not use; informational. */
  readonly disallowedTools?: readonly string[];
  /** `inherit` the parent's tools or `none`. */
  readonly toolMode?: ToolMode;
  /** Intent labels from an intent classifier. */
  readonly intents?: readonly string[];
  /** Sample user requests, used by routing. */
  readonly examples?: readonly string[];
  /** How the skill is surfaced (default `intent-matched` with intents, else `auto`). */
  readonly activation: Activation;
  /** Delegation settings. */
  readonly execution?: SkillExecution;
  /** Hidden from the model's catalog when true. */
  readonly disableModelInvocation?: boolean;
  /** Whether a user may call it by name (`/name`). */
  readonly userInvocable?: boolean;
  /** Hint shown for the argument of a user call. */
  readonly argumentHint?: string;
  /** `metadata.tags`, as a list. */
  readonly tags?: readonly string[];
  /** `metadata.body-format`. */
  readonly bodyFormat: BodyFormat;
  /** Unknown front matter keys, as parsed. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  /** The Markdown body (composed from `sections/` for structured skills), trimmed. */
  readonly content: string;
  /** The tier the skill was loaded from. */
  readonly source: SkillSourceKind;
  /** Path of the SKILL.md, when it came from a file. */
  readonly path?: string;
  /** Resource files besides SKILL.md, sorted by path. */
  readonly files: readonly SkillFile[];
  /** `sha256:` + hex over the canonical front matter, the body and the files. */
  readonly digest: string;
  /** Warnings and infos found while parsing (never errors: a skill with errors is not built). */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * `false` for a skill a lazy source listed by its metadata and whose body has not been fetched yet: `content` is `''`
   * and `files` may be empty until `loader.ensureLoaded` (or `activateAsync`, `skills.load`, `skills.read`) reads it.
   * Absent on every skill read in full.
   */
  readonly loaded?: false;
  /**
   * `true` for a lazy skill whose body, when fetched, did not match the digest its source listed it with
   * (`DIGEST_MISMATCH`): it stays listed by its metadata and is refused until the next load.
   */
  readonly stale?: true;
}

/**
 * Whether `value` has a {@link Skill}'s shape: a non-empty `name`, string `description`, `content` and `digest`,
 * and `files` and `diagnostics` lists. The one check wherever a skill may come from untyped code or JSON (a skill
 * set, a memory source, a pre-parsed bundle); it does not validate the fields, which the parser's rules do.
 */
export function isSkill(value: unknown): value is Skill {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['name'] === 'string' &&
    v['name'] !== '' &&
    typeof v['description'] === 'string' &&
    typeof v['content'] === 'string' &&
    typeof v['digest'] === 'string' &&
    Array.isArray(v['files']) &&
    Array.isArray(v['diagnostics'])
  );
}

/** Limits for skill sets and loaders. Every limit refuses; none truncates. */
export interface SkillLimits {
  /** Most skills in a set or load. */
  maxSkills?: number;
  /** Most resource files per skill, SKILL.md not counted. */
  maxFilesPerSkill?: number;
  /** Largest file in bytes, SKILL.md included. */
  maxFileBytes?: number;
  /** Most bytes over all skills and their files. */
  maxTotalBytes?: number;
  /** Largest catalog in bytes. */
  maxCatalogBytes?: number;
  /** Largest instructions, catalog included, in bytes. */
  maxInstructionsBytes?: number;
  /** Deepest folder a directory source searches for skills. */
  maxDepth?: number;
  /** Most folders a directory source visits. */
  maxFolders?: number;
  /** Deepest nesting of a resource path inside a skill folder. */
  maxNesting?: number;
}

/**
 * The limits a source enforces while it lists: the same names and meanings as {@link SkillLimits}, given among the
 * source's options (`directorySource(dir, { maxDepth: 3 })`), as a loader or skill set takes them as `limits`.
 */
export type SourceLimits = Pick<SkillLimits, 'maxDepth' | 'maxFolders' | 'maxNesting' | 'maxFileBytes' | 'maxFilesPerSkill'>;

/** Limits with every field present. */
export type ResolvedLimits = Required<SkillLimits>;

/** Defaults for a skill set (as in the Mayura seed). */
export const SKILL_SET_LIMITS: ResolvedLimits = {
  maxSkills: 64,
  maxFilesPerSkill: 128,
  maxFileBytes: 256 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  maxCatalogBytes: 16 * 1024,
  maxInstructionsBytes: 64 * 1024,
  maxDepth: 6,
  maxFolders: 2000,
  maxNesting: 8,
};

/** Defaults for a {@link SkillLoader}: more skills and bytes than a set. */
export const LOADER_LIMITS: ResolvedLimits = {
  ...SKILL_SET_LIMITS,
  maxSkills: 5000,
  maxTotalBytes: 256 * 1024 * 1024,
};

/**
 * Throws `INVALID_INPUT` unless `value` is a limit: a non-negative integer,
 * or `Infinity` for none. `NaN`, negative, fractional or non-number values
 * are refused: compared with a count they would switch the limit off.
 */
export function assertLimit(name: string, value: unknown, where: string): void {
  if (typeof value === 'number' && value >= 0 && (Number.isInteger(value) || value === Number.POSITIVE_INFINITY)) return;
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : typeof value;
  throw new SkillError('INVALID_INPUT', `${where}: \`${name}\` must be a non-negative integer or Infinity, not ${shown}.`);
}

/**
 * Checks every limit `limits` gives among `names` (absent or `undefined`
 * ones are skipped) with {@link assertLimit}; `limits` itself must be an
 * object when given. The one validator of limits, wherever they are taken.
 */
export function assertLimits(limits: unknown, names: readonly string[], where: string): void {
  if (limits === undefined) return;
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
    throw new SkillError('INVALID_INPUT', `${where}: limits must be an object of numbers.`);
  }
  for (const name of names) {
    const value: unknown = Object.prototype.hasOwnProperty.call(limits, name) ? (limits as Record<string, unknown>)[name] : undefined;
    if (value !== undefined) assertLimit(name, value, where);
  }
}

/** Fills unset limits from `defaults`, after refusing invalid ones (`INVALID_INPUT`, see {@link assertLimit}). */
export function resolveLimits(limits: SkillLimits | undefined, defaults: ResolvedLimits, where = 'limits'): ResolvedLimits {
  assertLimits(limits, Object.keys(defaults), where);
  const out = { ...defaults };
  if (!limits) return out;
  for (const key of Object.keys(defaults) as (keyof ResolvedLimits)[]) {
    const value = limits[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A resource file handed to the parser: inventory data, optionally with its contents. */
export interface SkillFileInput {
  /** Path relative to the skill folder, `/`-separated. */
  readonly path: string;
  /** Size in bytes (computed from `content` when absent). */
  readonly size?: number;
  /** Text or binary (sniffed from `content` when absent). */
  readonly isText?: boolean;
  /** `sha256:` + hex (computed from `content` when absent). */
  readonly digest?: string;
  /** The contents; needed for `sections/` files of structured skills. */
  readonly content?: string | Uint8Array;
}
