/**
 * Calling a source without trusting it to answer: every `list()` and
 * `read()` the loader makes is raced against the caller's signal and a
 * timeout, so a source whose promise never settles cannot hold a load (or a
 * file read) forever.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { assertLimit } from '../format/types.js';
import type { SkillSource, SourceCallOptions } from '../sources/source.js';

/** How long the loader waits for one source call unless told otherwise: 30 s. */
export const DEFAULT_SOURCE_TIMEOUT_MS = 30_000;

/** What bounds one source call. */
export interface SourceCallBounds {
  /** Cancels the wait (and tells the source): the call rejects with `ABORTED`. */
  readonly signal?: AbortSignal | undefined;
  /** Most milliseconds to wait; `Infinity` waits for ever. */
  readonly timeoutMs: number;
}

/**
 * The timeout for `source`: its own `timeoutMs` when it states a valid one,
 * else `fallback`. An invalid own value is ignored here; the loader reports it.
 */
export function sourceTimeout(source: SkillSource, fallback: number): number {
  const own = ownTimeout(source);
  return typeof own === 'number' && isLimit(own) ? own : fallback;
}

/** The source's own `timeoutMs`, read without trusting the object (a getter may throw). */
export function ownTimeout(source: SkillSource): unknown {
  try {
    return (source as { timeoutMs?: unknown }).timeoutMs;
  } catch {
    return 'unreadable';
  }
}

/** True for a value {@link assertLimit} accepts. */
export function isLimit(value: unknown): boolean {
  try {
    assertLimit('timeoutMs', value, 'source');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `call` and settles with it, unless the signal fires first (`ABORTED`)
 * or `timeoutMs` passes first (`SOURCE_FAILED`, naming the source and the
 * call). Either way the source is handed an aborted signal, so a source that
 * honours it can stop its work; a source that never settles is left behind.
 * A synchronous throw of `call` becomes a rejection.
 */
export function raceSourceCall<T>(source: SkillSource, what: string, bounds: SourceCallBounds, call: (options: SourceCallOptions) => Promise<T>): Promise<T> {
  const { signal, timeoutMs } = bounds;
  if (signal?.aborted) return Promise.reject(new SkillError('ABORTED', 'The operation was aborted.', { cause: signal.reason }));
  const inner = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      done();
      inner.abort(signal?.reason);
      reject(new SkillError('ABORTED', 'The operation was aborted.', { cause: signal?.reason }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== Number.POSITIVE_INFINITY) {
      timer = setTimeout(() => {
        done();
        const error = new SkillError('SOURCE_FAILED', `Source ${source.name} did not answer ${what} within ${timeoutMs} ms (sourceTimeoutMs).`);
        inner.abort(error);
        reject(error);
      }, timeoutMs);
    }
    let pending: Promise<T>;
    try {
      pending = Promise.resolve(call({ signal: inner.signal }));
    } catch (e) {
      pending = Promise.reject(e as Error);
    }
    pending.then(
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
