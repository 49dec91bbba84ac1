/**
 * The one error class Satchel throws, and the list of its codes.
 *
 * Problems found in a skill's text are not thrown: they are returned as
 * {@link Diagnostic} data. `SkillError` is for calls that cannot go on.
 * @module
 */

/**
 * Every code a {@link SkillError} can carry, each with what it means.
 * The keys form the {@link SkillErrorCode} union.
 */
export const SKILL_ERROR_CODES = {
  INVALID_SKILL: 'The SKILL.md text does not give a usable skill; `diagnostics` says which rule failed and where.',
  LIMIT_EXCEEDED: 'A load, set or file is over one of the configured limits; the message names the limit.',
  NOT_LOADED: 'A loader lookup ran before `loadAll` finished for the first time.',
  NOT_FOUND: 'The named skill or file does not exist in this source.',
  CONFLICT: 'A write expected a revision that is no longer the latest, or a skill name or tool id is taken twice.',
  QUOTA_EXCEEDED: 'The storage quota of the browser or disk is used up.',
  PERMISSION_DENIED: 'The operation is not allowed by the mutability policy or grants.',
  DIGEST_MISMATCH: 'Content does not match the digest it was published or pinned with.',
  UNSAFE_PATH: 'A path is absolute, climbs out with `..`, is nested too deep or is a symbolic link.',
  ABORTED: 'The operation was cancelled through its AbortSignal.',
  SOURCE_FAILED: 'A source could not be read (I/O or network failure); `cause` holds the original error.',
  INVALID_INPUT:
    'A tool input does not fit the tool (wrong shape, or a binary file asked for as text), or an option is invalid (a limit that is not a non-negative integer); the message says what to send.',
  INVALID_INDEX: 'A serialised routing index has another schema version or language, or is malformed: rebuild it.',
  STORE_CLOSED:
    'The skill store is closed: `close()` was called, or the browser closed its database (site data cleared, another tab upgrading it). Open the store again.',
  UPGRADE_BLOCKED:
    'The skill store could not upgrade its database: another connection (often another tab) holds an older version open. Close it and open the store again.',
  STORE_FAILED: "The skill store's database failed (an IndexedDB error other than quota or closure, or a corrupt record); `cause` holds the original error.",
  WORKER_LOST: 'The worker running the skill runtime stopped answering (terminated, crashed or closed); connect a fresh one with `reconnect`.',
  UNTRUSTED_ORIGIN:
    'A remote source was asked to fetch from an origin (directly or through a redirect) that its `trustedOrigins` does not list; nothing was fetched from it.',
  INVALID_ARCHIVE: 'A skill archive cannot be unpacked: it is truncated, corrupt, of an unknown kind, or holds an entry that is neither a file nor a folder.',
  EMBEDDING_FAILED:
    'Skill vectors could not be computed: the embedder or the vector cache failed; routing stays lexical until a later change succeeds. `cause` holds the original error.',
  SANDBOX_FAILED:
    "A loaded skill could not be written into a sandbox: the target's `writeFile` or `mkdir` failed, or a folder in the way is a file. `cause` holds the original error.",
  HISTORY_FAILED:
    'An accepted change could not be committed to the evolution history (the Git mirror); the change stands. Reported as an `evolution-commit-failed` diagnostic, never thrown to the writer; `cause` holds the original error.',
  NEEDS_UNMET:
    "A skill needs tools the app does not have (its `metadata.dependencies` against the loader's `availableTools`): it was not loaded, and the message names what is missing.",
  UNSAFE_SKILL:
    "A skill was refused by a safety gate (a store's `safety` option, a source's): the scanner found what the gate refuses; `diagnostics` lists each finding with its file, line and fix.",
} as const;

/** SCREAMING_SNAKE code of a {@link SkillError}. */
export type SkillErrorCode = keyof typeof SKILL_ERROR_CODES;

/** The codes as an array, in declaration order. */
export const skillErrorCodes = Object.keys(SKILL_ERROR_CODES) as readonly SkillErrorCode[];

/** Extra data a {@link SkillError} can carry. */
export interface SkillErrorOptions {
  /** The underlying error, if any. */
  cause?: unknown;
  /** Diagnostics that explain an `INVALID_SKILL` error. */
  diagnostics?: readonly import('./diagnostics/diagnostic.js').Diagnostic[];
  /** The file the error is about. */
  path?: string;
}

/**
 * The single error class of Satchel. Check `code` rather than the message.
 *
 * @example
 * ```ts
 * try { parseSkillFrontmatter(text, 'user') }
 * catch (e) { if (isSkillError(e) && e.code === 'INVALID_SKILL') show(e.diagnostics) }
 * ```
 */
export class SkillError extends Error {
  override readonly name = 'SkillError';
  /** What went wrong, as a stable code. */
  readonly code: SkillErrorCode;
  /** For `INVALID_SKILL`: each rule that failed, with line and column. */
  readonly diagnostics: readonly import('./diagnostics/diagnostic.js').Diagnostic[];
  /** The file the error is about, when there is one. */
  readonly path: string | undefined;

  constructor(code: SkillErrorCode, message: string, options: SkillErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.diagnostics = options.diagnostics ?? [];
    this.path = options.path;
  }
}

/** True when `value` is a {@link SkillError} (also across realms, by shape). */
export function isSkillError(value: unknown): value is SkillError {
  if (value instanceof SkillError) return true;
  if (!(value instanceof Error) || value.name !== 'SkillError') return false;
  const code: unknown = (value as { code?: unknown }).code;
  return typeof code === 'string' && code in SKILL_ERROR_CODES;
}

/** Throws `ABORTED` when the signal has fired; call between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new SkillError('ABORTED', 'The operation was aborted.', { cause: signal.reason });
  }
}
