/**
 * Escaping for terminal output. Names, descriptions, paths and messages
 * come from skill files; printed raw, an ANSI escape could recolour or
 * erase text and a line break could forge a diagnostic line. JSON output
 * needs none of this (`JSON.stringify` escapes control characters).
 * @module
 */

// C0 controls (line breaks and tabs included), DEL, C1 controls, and the bidirectional overrides that reorder what is shown.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character written as a visible escape
 * (`\n`, `\x1b`, `\u202e`), so what a person reads is what the text holds.
 * Every text printer of the CLI passes untrusted text through it.
 *
 * @example
 * ```ts
 * escapeControl('ok\u001b[2Kforged') // 'ok\\x1b[2Kforged'
 * ```
 */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? escapeCode(c.charCodeAt(0)));
}

function escapeCode(code: number): string {
  const hex = code.toString(16).padStart(code <= 0xff ? 2 : 4, '0');
  return code <= 0xff ? `\\x${hex}` : `\\u${hex}`;
}

/** Escapes each line of a multi-line text on its own, keeping its line breaks (the catalog). */
export function escapeLines(text: string): string {
  return text.split('\n').map(escapeControl).join('\n');
}
