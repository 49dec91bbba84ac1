/**
 * Synchronous SHA-256 for any environment, and canonical JSON for digests.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const encoder = new TextEncoder();

/** `sha256:` + lower-case hex of the bytes (text is hashed as UTF-8). */
export function sha256Digest(data: string | Uint8Array): string {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return `sha256:${bytesToHex(sha256(bytes))}`;
}

/**
 * JSON with object keys sorted at every level and `undefined` members left
 * out, so equal values always give equal text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
  }
  return `{${parts.join(',')}}`;
}
