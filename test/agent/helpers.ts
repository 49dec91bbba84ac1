// Small helpers shared by the agent-integration tests.
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
