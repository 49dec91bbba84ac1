/**
 * The manifest a remote source keeps in its cache per index URL: the entries
 * of the last verified set, with every digest, so that set can be rebuilt
 * from cached artifacts when the index cannot be fetched. A lazy source keeps
 * the whole index (its entries' descriptions too), so skills never fetched
 * still list offline.
 * @module
 */
import { unsafePathReason } from '../../shared/paths.js';
import type { RemoteEntry } from './index-document.js';

const FORMAT = 'satchel-remote-manifest/1';
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const encoder = new TextEncoder();

/** What a manifest holds. */
export interface Manifest {
  readonly entries: readonly RemoteEntry[];
  /** True when the set came from a legacy (0.1.0) index. */
  readonly legacy: boolean;
}

/** The manifest as bytes for the cache. */
export function manifestBytes(manifest: Manifest): Uint8Array {
  return encoder.encode(JSON.stringify({ format: FORMAT, ...manifest }));
}

/** The manifest in `bytes`; `undefined` when they hold none this version wrote (it is then ignored). */
export function readManifest(bytes: Uint8Array): Manifest | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { format, entries, legacy } = doc as Record<string, unknown>;
  if (format !== FORMAT || !Array.isArray(entries) || typeof legacy !== 'boolean' || !entries.every(isEntry)) return undefined;
  return { entries, legacy };
}

function isEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const placed =
    typeof e['name'] === 'string' && typeof e['dir'] === 'string' && (e['dir'] === '' || unsafePathReason(e['dir'], Number.POSITIVE_INFINITY) === undefined);
  if (!placed) return false;
  if (e['kind'] === 'files') return Array.isArray(e['files']) && e['files'].every(isFile);
  return (
    (e['kind'] === 'skill-md' || e['kind'] === 'archive') &&
    typeof e['url'] === 'string' &&
    typeof e['fileName'] === 'string' &&
    typeof e['digest'] === 'string' &&
    DIGEST.test(e['digest']) &&
    (e['description'] === undefined || typeof e['description'] === 'string')
  );
}

function isFile(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return (
    typeof f['path'] === 'string' &&
    unsafePathReason(f['path'], Number.POSITIVE_INFINITY) === undefined &&
    typeof f['url'] === 'string' &&
    typeof f['digest'] === 'string' &&
    DIGEST.test(f['digest'])
  );
}
