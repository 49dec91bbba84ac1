/**
 * Text helpers: strict UTF-8 decoding, binary sniffing, code point length.
 * @module
 */

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8, or returns `undefined` when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Length in Unicode code points, the unit the specification counts in. */
export function codePointLength(text: string): number {
  // Without surrogates every UTF-16 unit is one code point.
  if (!SURROGATE.test(text)) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** True when the string holds an unpaired UTF-16 surrogate (not encodable as UTF-8). */
export function hasLoneSurrogate(text: string): boolean {
  // Fast path: most text has no surrogates at all.
  if (!SURROGATE.test(text)) return false;
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * True when the bytes look like text: valid UTF-8 with no NUL in the first
 * 8 KiB (the heuristic git and most editors use).
 */
export function isTextBytes(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  return decodeUtf8(bytes) !== undefined;
}

/** Texts up to this many UTF-16 units are measured by encoding them into one reused buffer of three bytes a unit. */
const SCRATCH_UNITS = 1 << 15;
let scratch: { readonly encoder: TextEncoder; readonly bytes: Uint8Array } | undefined;

/** Size of a text in UTF-8 bytes (a lone surrogate counts as the 3 bytes of U+FFFD), without keeping an encoding of it. */
export function utf8ByteLength(text: string): number {
  if (text.length <= SCRATCH_UNITS) {
    // The platform's encoder, into a buffer made once on first use, is 5–30 times faster than counting below.
    scratch ??= { encoder: new TextEncoder(), bytes: new Uint8Array(SCRATCH_UNITS * 3) };
    return scratch.encoder.encodeInto(text, scratch.bytes).written;
  }
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Size of text or bytes in UTF-8 bytes. */
export function byteSize(input: string | Uint8Array): number {
  return typeof input === 'string' ? utf8ByteLength(input) : input.byteLength;
}
