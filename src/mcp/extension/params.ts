/**
 * Request params and cursors of the extension's methods, checked: anything
 * malformed is JSON-RPC error `-32602` (Invalid params). A cursor is opaque
 * to the host: the base64 of the key the last page ended at, so the next
 * page resumes after it even when the listing changed in between.
 * @module
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { base64ToBytes, bytesToBase64 } from '../../shared/base64.js';
import { decodeUtf8 } from '../../shared/text.js';

const CURSOR_TAG = 'satchel-skills:1:';

/** An `-32602` error with `message`. */
export function invalidParams(message: string): McpError {
  return new McpError(ErrorCode.InvalidParams, message);
}

/** `params` as a record: absent is `{}`, anything but an object is `-32602`. */
export function paramsOf(params: unknown, method: string): Record<string, unknown> {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params)) throw invalidParams(`${method}: \`params\` must be an object.`);
  return params as Record<string, unknown>;
}

/** The `uri` param, required text. */
export function uriParam(params: Record<string, unknown>, method: string): string {
  const uri = params['uri'];
  if (typeof uri !== 'string' || uri === '') throw invalidParams(`${method}: \`uri\` must be a non-empty string.`);
  return uri;
}

/** The cursor that resumes after `key`. */
export function cursorAfter(key: string): string {
  return bytesToBase64(new TextEncoder().encode(CURSOR_TAG + key));
}

/** The key the `cursor` param resumes after, `undefined` for the first page; a cursor this server did not give is `-32602`. */
export function cursorParam(params: Record<string, unknown>, method: string): string | undefined {
  const cursor = params['cursor'];
  if (cursor === undefined) return undefined;
  const bytes = typeof cursor === 'string' ? base64ToBytes(cursor) : undefined;
  const text = bytes === undefined ? undefined : decodeUtf8(bytes);
  if (text === undefined || !text.startsWith(CURSOR_TAG)) throw invalidParams(`${method}: \`cursor\` is not one this server gave.`);
  return text.slice(CURSOR_TAG.length);
}

/** One page of `items` (sorted by `keyOf`) after `after`, at most `size` long, with the cursor of the next page when more follow. */
export function pageOf<T>(items: readonly T[], keyOf: (item: T) => string, after: string | undefined, size: number): { page: T[]; nextCursor?: string } {
  const start = after === undefined ? 0 : items.findIndex((item) => keyOf(item) > after);
  const from = start === -1 ? items.length : start;
  const page = items.slice(from, from + size);
  const last = page[page.length - 1];
  return from + size < items.length && last !== undefined ? { page, nextCursor: cursorAfter(keyOf(last)) } : { page };
}
