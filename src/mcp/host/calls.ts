/**
 * The calls an MCP skill source makes on its SDK `Client`, each bounded: `skills/list`, `skills/get` and
 * `resources/read`, run under the caller's signal, the source's signal and its `timeoutMs`; what fails becomes a
 * `SkillError` (`ABORTED` for a cancelled call, `SOURCE_FAILED` for a server that errs or does not answer in time).
 * @module
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../format/errors.js';
import { base64ToBytes } from '../../shared/base64.js';

/** What the source needs of an SDK `Client` (any transport): requests, resource reads, notifications, capabilities. */
export type McpSkillClient = Pick<Client, 'request' | 'readResource' | 'setNotificationHandler' | 'getServerCapabilities'>;

/** The extension's identifier, under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** One source's calls: its client, its name for messages, its own signal and time bound. */
export interface CallContext {
  readonly client: McpSkillClient;
  readonly name: string;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number | undefined;
}

/** Runs `run` with the caller's signal, the source's and the deadline joined; `what` names the call in errors. */
export async function within<T>(ctx: CallContext, what: string, caller: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const cancelled = (): boolean => caller?.aborted === true || ctx.signal?.aborted === true;
  if (cancelled()) throw new SkillError('ABORTED', 'The operation was aborted.', { cause: caller?.reason ?? ctx.signal?.reason });
  const deadline = ctx.timeoutMs !== undefined && Number.isFinite(ctx.timeoutMs) ? AbortSignal.timeout(ctx.timeoutMs) : undefined;
  const signals = [caller, ctx.signal, deadline].filter((s): s is AbortSignal => s !== undefined);
  try {
    return await run(AbortSignal.any(signals));
  } catch (e) {
    if (cancelled()) throw new SkillError('ABORTED', 'The operation was aborted.', { cause: e });
    if (deadline?.aborted === true)
      throw new SkillError('SOURCE_FAILED', `Source ${ctx.name}: ${what} did not answer within ${ctx.timeoutMs} ms.`, { cause: e });
    if (e instanceof SkillError) throw e;
    throw new SkillError('SOURCE_FAILED', `Source ${ctx.name}: ${what} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** True for the error a server answers an unknown skill or resource with (`-32602`, Invalid params). */
export function isInvalidParams(e: unknown): boolean {
  const cause = e instanceof SkillError ? e.cause : e;
  return cause instanceof McpError && cause.code === ErrorCode.InvalidParams;
}

/** Refuses a server that does not declare the Skills Extension (a host only calls its methods after seeing it). */
export function assertExtension(ctx: CallContext): void {
  const extensions = (ctx.client.getServerCapabilities() as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  if (extensions === undefined || typeof extensions[SKILLS_EXTENSION] !== 'object' || extensions[SKILLS_EXTENSION] === null)
    throw new SkillError('SOURCE_FAILED', `Source ${ctx.name}: the server does not declare the ${SKILLS_EXTENSION} extension (is the client connected?).`);
}

/** A signal of one request's own that follows `signal`: the SDK listens on each request's signal, so none collects listeners. */
function own(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal]);
}

/** One `skills/list` page, raw. */
export function requestListPage(ctx: CallContext, cursor: string | undefined, signal: AbortSignal): Promise<unknown> {
  return ctx.client.request({ method: 'skills/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema, { signal: own(signal) });
}

/** The `skills/get` result of `uri`, raw. */
export function requestSkill(ctx: CallContext, uri: string, signal: AbortSignal): Promise<unknown> {
  return ctx.client.request({ method: 'skills/get', params: { uri } }, ResultSchema, { signal: own(signal) });
}

const encoder = new TextEncoder();

/** The bytes of resource `uri` (`text` as UTF-8, `blob` from base64); `SOURCE_FAILED` for a result that holds none. */
export async function readResourceBytes(ctx: CallContext, uri: string, signal: AbortSignal): Promise<Uint8Array> {
  const result = await ctx.client.readResource({ uri }, { signal: own(signal) });
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const content = contents.find((c) => c.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (content !== undefined && 'text' in content && typeof content.text === 'string') return encoder.encode(content.text);
  const bytes = content !== undefined && 'blob' in content && typeof content.blob === 'string' ? base64ToBytes(content.blob) : undefined;
  if (bytes === undefined) throw new SkillError('SOURCE_FAILED', `Source ${ctx.name}: resources/read of ${uri} gave no text or base64 content.`);
  return bytes;
}
