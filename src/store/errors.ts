/**
 * IndexedDB failures as `SkillError` codes: quota, closed database,
 * blocked upgrade and everything else.
 * @module
 */
import { isSkillError, SkillError } from '../format/errors.js';

/** The DOMException name of an error, if it has one. */
function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : undefined;
}

/** True when `error` is the browser's quota error. */
export function isQuotaError(error: unknown): boolean {
  const name = nameOf(error);
  // Firefox once named it NS_ERROR_DOM_QUOTA_REACHED; the cause of an abort may carry it too.
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || (name === 'AbortError' && isQuotaError((error as { cause?: unknown }).cause))
  );
}

/** `SkillError` `STORE_CLOSED`. */
export function closedError(cause?: unknown): SkillError {
  return new SkillError(
    'STORE_CLOSED',
    'The skill store is closed (by close(), or the browser closed its database, e.g. site data was cleared). Open it again.',
    cause === undefined ? {} : { cause },
  );
}

/** Any failure of a store call as a `SkillError` (one already is one is passed through). */
export function storeError(error: unknown, what: string): SkillError {
  if (isSkillError(error)) return error;
  if (isQuotaError(error)) {
    return new SkillError('QUOTA_EXCEEDED', `The browser's storage quota is used up; ${what} was not written and the store is as it was.`, { cause: error });
  }
  const name = nameOf(error);
  if (name === 'InvalidStateError' || (name === 'UnknownError' && /clos|delet/i.test(String((error as Error).message)))) return closedError(error);
  const reason = error instanceof Error ? error.message : String(error);
  return new SkillError('STORE_FAILED', `The skill store failed during ${what}: ${name ?? 'Error'}: ${reason}`, { cause: error });
}
