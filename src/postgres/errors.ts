/**
 * PostgreSQL failures as the store's `SkillError` codes: two writers in a
 * race (`CONFLICT`), a full disk (`QUOTA_EXCEEDED`), a lost or closed
 * connection and everything else (`STORE_FAILED`, the driver's error kept as
 * `cause`), a closed embedded database (`STORE_CLOSED`).
 * @module
 */
import { isSkillError, SkillError } from '../format/errors.js';
import { closedError } from '../store/errors.js';

/** SQLSTATE classes and codes the store names. */
const RACE = new Set(['23505', '40001', '40P01']);
const FULL = new Set(['53100', '53200', '54000']);

/** The SQLSTATE of a driver error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Whether `error` says the connection is gone: the server ended it (class 57P, 08) or the socket closed. */
export function isConnectionLoss(error: unknown): boolean {
  const code = sqlState(error);
  if (code !== undefined) return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection (?:is )?closed|ECONNRESET|ECONNREFUSED|EPIPE/i.test(message);
}

/** A driver failure during `what` as a `SkillError` (one already is passes through). */
export function postgresError(error: unknown, what: string): SkillError {
  if (isSkillError(error)) return error;
  const code = sqlState(error);
  const reason = error instanceof Error ? error.message : String(error);
  if (code !== undefined && RACE.has(code)) {
    return new SkillError('CONFLICT', `Another writer changed the same records during ${what} (${reason}); nothing of it was written. Read again and retry.`, {
      cause: error,
    });
  }
  if (code !== undefined && FULL.has(code)) {
    return new SkillError('QUOTA_EXCEEDED', `PostgreSQL is out of space during ${what} (${reason}); it was not written and the store is as it was.`, {
      cause: error,
    });
  }
  if (/PGlite is closed/i.test(reason)) return closedError(error);
  if (isConnectionLoss(error)) {
    return new SkillError(
      'STORE_FAILED',
      `The connection to PostgreSQL was lost during ${what} (${reason}); the server rolls back an unfinished transaction, so nothing half-written stays. Read again before retrying: the store connects again.`,
      { cause: error },
    );
  }
  return new SkillError('STORE_FAILED', `The skill store failed during ${what}: PostgreSQL ${code ?? 'error'}: ${reason}`, { cause: error });
}
