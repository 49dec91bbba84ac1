/**
 * A Comlink transfer handler for thrown errors: Comlink alone keeps only
 * `name`, `message` and `stack`, so a `SkillError` would reach the page
 * without its `code`, `diagnostics`, `path` and `cause`. Registered on both
 * sides (the worker by `exposeSkillRuntime`, the page by
 * `connectSkillRuntime`); any other error keeps Comlink's own handling.
 * @module
 */
import { transferHandlers, type TransferHandler } from 'comlink';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { isSkillError, SkillError, type SkillErrorCode } from '../format/errors.js';

/** A `SkillError` as it crosses the boundary: plain, structured-clone safe data. */
export interface WireSkillError {
  readonly code: SkillErrorCode;
  readonly message: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly path?: string;
  readonly stack?: string;
  readonly cause?: unknown;
}

/** What Comlink hands the `throw` handler: the thrown value, wrapped. */
interface Thrown {
  readonly value: unknown;
}

/** The serialised form of a `SkillError`; anything else is Comlink's own. */
interface SerializedSkillError {
  readonly skillError: WireSkillError;
}

// Marks our handler so registering twice (both sides in one realm, or two calls) wraps Comlink's only once.
const OURS = Symbol.for('satchel.skillErrorTransfer');

/**
 * Makes `SkillError`s keep their code, diagnostics, path and cause across
 * Comlink. Idempotent; called by `exposeSkillRuntime` and
 * `connectSkillRuntime`, so apps never need to.
 */
export function registerSkillErrorTransfer(): void {
  const base = transferHandlers.get('throw') as (TransferHandler<Thrown, unknown> & { [OURS]?: true }) | undefined;
  if (!base || base[OURS]) return;
  const handler: TransferHandler<Thrown, unknown> & { [OURS]: true } = {
    [OURS]: true,
    canHandle: (value): value is Thrown => base.canHandle(value),
    serialize: (thrown) => (isSkillError(thrown.value) ? [{ skillError: toWire(thrown.value) } satisfies SerializedSkillError, []] : base.serialize(thrown)),
    deserialize: (data) => {
      if (isSerializedSkillError(data)) throw fromWire(data.skillError);
      return base.deserialize(data);
    },
  };
  transferHandlers.set('throw', handler as TransferHandler<unknown, unknown>);
}

/** `error` as clone-safe data (its cause too, or the cause's text when it cannot be cloned). */
export function toWire(error: SkillError): WireSkillError {
  return {
    code: error.code,
    message: error.message,
    diagnostics: error.diagnostics,
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(error.cause === undefined ? {} : { cause: wireCause(error.cause) }),
  };
}

/** A `SkillError` rebuilt from {@link toWire}'s data, with the worker's stack. */
export function fromWire(wire: WireSkillError): SkillError {
  const cause = isSerializedSkillError(wire.cause) ? fromWire(wire.cause.skillError) : wire.cause;
  const error = new SkillError(wire.code, wire.message, {
    diagnostics: wire.diagnostics,
    ...(wire.path === undefined ? {} : { path: wire.path }),
    ...(cause === undefined ? {} : { cause }),
  });
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}

function wireCause(cause: unknown): unknown {
  if (isSkillError(cause)) return { skillError: toWire(cause) };
  try {
    return structuredClone(cause);
  } catch {
    // A function, a class instance holding one, a stream: its text is the most that can cross.
    return cause instanceof Error ? { name: cause.name, message: cause.message } : String(cause);
  }
}

function isSerializedSkillError(data: unknown): data is SerializedSkillError {
  return typeof data === 'object' && data !== null && 'skillError' in data && isWireData((data as SerializedSkillError).skillError);
}

function isWireData(value: unknown): value is WireSkillError {
  return (
    typeof value === 'object' && value !== null && typeof (value as WireSkillError).code === 'string' && typeof (value as WireSkillError).message === 'string'
  );
}
