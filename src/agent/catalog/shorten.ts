/**
 * A description shortened to a byte budget at a word boundary, marked as
 * shortened.
 * @module
 */
import { utf8ByteLength } from '../../shared/text.js';
import { SHORTENED_MARK } from './entries.js';

const MARK_BYTES = utf8ByteLength(SHORTENED_MARK);

// A cut after a comma or a colon reads as unfinished twice over: the mark says it already.
const TRAILING_PUNCTUATION = /[\s,;:.!?–—-]+$/u;

/**
 * The longest run of `text`'s first words whose `escape`d form, with
 * {@link SHORTENED_MARK} after it, takes at most `maxBytes` UTF-8 bytes;
 * `undefined` when not even the first word fits. `text` is one line (its
 * words are separated by single spaces); one that fits whole is returned
 * whole, unmarked.
 *
 * @example
 * ```ts
 * shortenDescription('Fill PDF forms for customers.', 16, (t) => t) // 'Fill PDF forms…'
 * ```
 */
export function shortenDescription(text: string, maxBytes: number, escape: (text: string) => string): string | undefined {
  if (utf8ByteLength(escape(text)) <= maxBytes) return text;
  const room = maxBytes - MARK_BYTES;
  let end = 0;
  let used = 0;
  // Word by word, keeping the end of the last word that still fits with the space before it.
  for (let at = 0; at < text.length && used <= room;) {
    const space = text.indexOf(' ', at + 1);
    const next = space === -1 ? text.length : space;
    used += utf8ByteLength(escape(text.slice(at, next)));
    if (used <= room) end = next;
    at = next;
  }
  const kept = text.slice(0, end).replace(TRAILING_PUNCTUATION, '');
  return kept === '' ? undefined : kept + SHORTENED_MARK;
}
