// Catching what code under test throws or rejects with.
import { isSkillError, type SkillError } from '../../src/format/errors.js';

/** The SkillError `fn` throws, or fails the test. */
export function thrown(fn: () => unknown): SkillError {
  try {
    fn();
  } catch (e) {
    if (isSkillError(e)) return e;
    throw e;
  }
  throw new Error('expected a SkillError, nothing was thrown');
}

/** The SkillError `promise` rejects with, or fails the test. */
export async function rejected(promise: Promise<unknown>): Promise<SkillError> {
  try {
    await promise;
  } catch (e) {
    if (isSkillError(e)) return e;
    throw e;
  }
  throw new Error('expected a SkillError, the promise fulfilled');
}

/** The `SkillError` code `promise` rejects with (any other rejection as text), or `undefined` when it fulfils. */
export async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (e) {
    return isSkillError(e) ? e.code : String(e);
  }
}

/** Whatever `promise` rejects with, or `undefined` when it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}
