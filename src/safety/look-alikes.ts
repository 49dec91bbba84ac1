/**
 * `look-alike-text`: a word of Latin letters with a letter of another script that looks like a Latin one (a Cyrillic
 * `е` in `rеfunds`, a Greek `ο` in `gοogle.com`, a mathematical `𝐚`). Such a word is a name, a host or a command that
 * passes for another in review, the trick `confusable-name` refuses among skill names (`shared/names.ts`), here in
 * any text file. The look-alikes: the Cyrillic and Armenian letters of the house's table (`confusableKey`, from
 * Unicode's confusables data), the Greek letters that are twins of Latin ones (`Α`, `Ο`, `ο`, …), and the letters of
 * other imitating scripts (Cherokee, Coptic, Lisu, the mathematical letters) that the `confusables` package maps onto
 * an ASCII letter or digit.
 *
 * Near misses left alone: a word wholly in another script (Russian prose); Latin next to Chinese or Japanese in one
 * run (`包含以下blocks`); a Greek letter that is a symbol (`FcγRIIIa`, `sinαcosα`, `NF-κB`); the micro sign (`µg`,
 * `10µF`); Latin letters with diacritics (é, ß, ı, ø).
 * @module
 */
import { confusablesMap } from 'confusables';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { confusableKey } from '../shared/names.js';
import { finding, type ScanContext } from './context.js';
import type { ScannedFile } from './scanned-file.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ASCII_ALNUM = /^[A-Za-z0-9]$/;
const ASCII_LETTER = /[A-Za-z]/;
const LETTER = /\p{L}/u;
/** Scripts whose look-alikes `shared/names.ts` maps from Unicode's confusables data (`confusableKey`). */
const MAPPED = /[\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Greek}]/u;
/** Other scripts whose letters pass for Latin ones; Common holds the mathematical letters (`𝐚`, `𝔞`). */
const OTHER_IMITATORS = /[\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Lisu}\p{Script=Common}]/u;
const GREEK = /\p{Script=Greek}/u;
/**
 * The Greek letters no one tells from Latin ones, so never written as a symbol: the capitals `Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ
 * Υ Χ` and the small `ο`. Every other Greek letter (`α`, `γ`, `σ`, `ν`) is a symbol in science and mathematics.
 */
const GREEK_TWINS = /[\u0391\u0392\u0395\u0396\u0397\u0399\u039A\u039C\u039D\u039F\u03A1\u03A4\u03A5\u03A7\u03BF]/u;
/** The micro sign: a unit's prefix (`µg`, `10µF`), never a Latin `u`. */
const MICRO = '\u00B5';

/** `text` when it is one ASCII letter or digit. */
function asciiOne(text: string | undefined): string | undefined {
  return text !== undefined && ASCII_ALNUM.test(text) ? text : undefined;
}

/**
 * The ASCII letter or digit `char` imitates, when it is a letter of another script that looks like one: for
 * Cyrillic, Armenian and the Greek twins, by the house's table from Unicode's data (`confusableKey`, then the
 * package for a twin capital it leaves out); for the other imitating scripts, by the `confusables` package's map
 * (read, never its memoising `remove`). The package alone is not trusted for Cyrillic: it maps for profanity
 * filters (`ш` to `W`), not by Unicode's data.
 */
function imitated(char: string): string | undefined {
  if (char.charCodeAt(0) < 0x80 || char === MICRO || !LETTER.test(char)) return undefined;
  if (GREEK.test(char) && !GREEK_TWINS.test(char)) return undefined;
  if (MAPPED.test(char)) {
    const key = asciiOne(confusableKey(char));
    return key ?? (GREEK.test(char) ? asciiOne(confusablesMap.get(char)) : undefined);
  }
  return OTHER_IMITATORS.test(char) ? asciiOne(confusablesMap.get(char)) : undefined;
}

/** The look-alikes of a word and what it reads as, or undefined when it is no mixed-script imitation. */
function lookAlike(word: string): { letters: string[]; reads: string } | undefined {
  if (!ASCII_LETTER.test(word) || /^[\p{ASCII}]*$/u.test(word)) return undefined;
  const letters: string[] = [];
  let reads = '';
  for (const char of word) {
    const plain = imitated(char);
    if (plain !== undefined) letters.push(char);
    reads += plain ?? char;
  }
  return letters.length > 0 ? { letters, reads } : undefined;
}

/** `U+0435 (е)` for a letter. */
function named(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} (${char})`;
}

function fileFindings(context: ScanContext, file: ScannedFile): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const m of file.text.matchAll(WORD)) {
    const word = m[0];
    const hit = lookAlike(word);
    if (hit === undefined) continue;
    const letters = [...new Set(hit.letters)].map(named).join(', ');
    const message = `"${word}" mixes Latin letters with look-alikes of another script (${letters}); it reads as "${hit.reads}".`;
    found.push(finding(context, 'look-alike-text', file, m.index ?? 0, message));
  }
  return found;
}

/** Every mixed-script look-alike word in the skill's text files. */
export function lookAlikeFindings(context: ScanContext): Diagnostic[] {
  return context.files.flatMap((file) => fileFindings(context, file));
}
