/**
 * The one error class Satchel throws, and the list of its codes.
 *
 * Problems found in a skill's text are not thrown: they are returned as
 * {@link Diagnostic} data. `SkillError` is for calls that cannot go on.
 * @module
 */

/**
 * Every code a {@link SkillError} can carry, in declaration order; what each means is in `error-codes.ts`
 * (`CODES.errors`), kept apart so that code which only throws and checks errors carries no documentation.
 */
const SKILL_ERROR_CODE_LIST = [
  'INVALID_SKILL',
  'LIMIT_EXCEEDED',
  'NOT_LOADED',
  'NOT_FOUND',
  'CONFLICT',
  'QUOTA_EXCEEDED',
  'PERMISSION_DENIED',
  'DIGEST_MISMATCH',
  'UNSAFE_PATH',
  'ABORTED',
  'SOURCE_FAILED',
  'INVALID_INPUT',
  'INVALID_INDEX',
  'STORE_CLOSED',
  'UPGRADE_BLOCKED',
  'STORE_FAILED',
  'WORKER_LOST',
  'UNTRUSTED_ORIGIN',
  'INVALID_ARCHIVE',
  'EMBEDDING_FAILED',
  'SANDBOX_FAILED',
  'HISTORY_FAILED',
  'NEEDS_UNMET',
  'UNSAFE_SKILL',
] as const;

/** SCREAMING_SNAKE code of a {@link SkillError}. */
export type SkillErrorCode = (typeof SKILL_ERROR_CODE_LIST)[number];

/** The codes as an array, in declaration order. */
export const skillErrorCodes: readonly SkillErrorCode[] = SKILL_ERROR_CODE_LIST;

const KNOWN_CODES: ReadonlySet<string> = new Set(SKILL_ERROR_CODE_LIST);

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
  return typeof code === 'string' && KNOWN_CODES.has(code);
}

/** Throws `ABORTED` when the signal has fired; call between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new SkillError('ABORTED', 'The operation was aborted.', { cause: signal.reason });
  }
}
