/**
 * Base64 with the platform's own `btoa`/`atob` (browsers, workers and Node alike), for bytes that travel as JSON:
 * YAML binary values, a bundle's binary files, precomputed skill vectors.
 * @module
 */

/** Base64 of `bytes`, in chunks so no call takes too many arguments. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes `text` encodes, or `undefined` when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
