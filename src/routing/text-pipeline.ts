/**
 * The text handling routing shares between indexing and queries: Unicode
 * normalisation, splitting of kebab, snake and camel case (a plural
 * acronym such as `PDFs` stays one word, `pdf`), word segmentation of
 * scripts written without spaces (Chinese, Japanese, Thai…), case folding,
 * stop words and stemming. English by default; another language plugs in
 * through {@link TextLanguage}.
 * @module
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/** What a language brings to the pipeline. */
export interface TextLanguage {
  /** A short tag for the language, kept in serialised indexes (e.g. `en`). */
  readonly name: string;
  /** Words too common to route on, lower case. */
  readonly stopWords: Iterable<string>;
  /** Reduces a lower-case word to its stem; identity when the language has no stemmer. */
  readonly stem: (word: string) => string;
  /** Strip accents from Latin letters (`café` → `cafe`); default true. */
  readonly foldDiacritics?: boolean;
}

/** English: the `stopword` package's list and the Porter stemmer of `stemmer`, applied to ASCII words only. */
export const ENGLISH: TextLanguage = {
  name: 'en',
  stopWords: eng,
  // Porter is defined on English letters; anything else passes unchanged.
  stem: (word) => (/^[a-z]+$/.test(word) ? stemmer(word) : word),
};

/** Options of {@link createTextPipeline}. */
export interface TextPipelineOptions {
  /** Stop words and stemmer (default {@link ENGLISH}). */
  language?: TextLanguage;
  /** Longest query read, in UTF-16 code units (default 2,000); the rest is dropped before any other work. */
  maxQueryChars?: number;
  /** Most distinct terms a query keeps (default 64), in order of first appearance. */
  maxQueryTerms?: number;
  /** Stem terms (default true). */
  stem?: boolean;
  /** Drop stop words (default true). */
  stopWords?: boolean;
}

/** Turns text into routing terms, the same way for skills and for queries. */
export interface TextPipeline {
  /** The language tag. */
  readonly language: string;
  /** Longest query read, in UTF-16 code units. */
  readonly maxQueryChars: number;
  /** Most distinct terms a query keeps. */
  readonly maxQueryTerms: number;
  /** Words of a text: normalised (NFKC), split at non-letters and case changes, case folded. */
  words(text: string): string[];
  /**
   * The same words, each with its spelling in the text (before case folding; a plural acronym keeps its `s`), for
   * display. Optional so a pipeline of one's own still fits; without it the router shows the folded words.
   */
  writtenWords?(text: string): WrittenWord[];
  /** The term a word indexes as (stemmed), or `undefined` for a stop word unless `keepStopWords`. */
  term(word: string, keepStopWords?: boolean): string | undefined;
  /** Every term of a text, in order, repeats kept (for indexing). */
  terms(text: string, keepStopWords?: boolean): string[];
  /** The distinct terms of a query, capped; stop words are kept when the query has nothing else, or when asked. */
  queryTerms(text: string, keepStopWords?: boolean): string[];
  /** True for the term of a stop word. */
  isStopTerm(term: string): boolean;
}

/** One word of a text as {@link TextPipeline.words} gives it, and as the text spells it. */
export interface WrittenWord {
  /** The word, case folded (what `term` reads). */
  readonly word: string;
  /** The word in the text's spelling, after NFKC normalisation. */
  readonly written: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
// lower→Upper (`camelCase`) and the last capital of a run before a lower-case letter (`PDFTool`).
const CASE_CHANGE = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const LATIN_MARKS = /(?<=\p{Script=Latin})\p{M}+/gu;
// A plural acronym (`PDFs`, `APIs`, `userIDs`): two or more capitals and an `s` that ends the word or is followed by
// a capital or digit. Without this, case splitting reads `PDFs` as `PD` + `Fs`.
const PLURAL_ACRONYM = /(\p{Lu}{2,})s(?=\p{Lu}|\p{N}|$)/gu;
const UPPER_INSIDE = /[^]\p{Lu}/u;
// Scripts written without spaces between words: a run of their letters is a phrase, not a word.
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
// The fallback's pieces: one Han character (with its marks), a run of another unspaced script, a run of anything else.
const FALLBACK_PIECE =
  /\p{sc=Han}\p{M}*|[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]+|[^\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]+/gu;
// The word segmenter, made on first use (never at import): undefined until then, null where Intl.Segmenter is missing.
let segmenter: Intl.Segmenter | null | undefined;

/**
 * Builds a text pipeline.
 *
 * @example
 * ```ts
 * const pipeline = createTextPipeline()
 * pipeline.terms('PDFTool: merge-pdf_files') // ['pdf', 'tool', 'merg', 'pdf', 'file']
 * ```
 */
export function createTextPipeline(options: TextPipelineOptions = {}): TextPipeline {
  const language = options.language ?? ENGLISH;
  const fold = language.foldDiacritics ?? true;
  const stem = options.stem === false ? (w: string) => w : language.stem;
  const stop = new Set(options.stopWords === false ? [] : [...language.stopWords].map((w) => foldCase(w, fold)));
  const maxQueryChars = options.maxQueryChars ?? 2000;
  const maxQueryTerms = options.maxQueryTerms ?? 64;
  const cache = new Map<string, string>();

  const words = (text: string): string[] => {
    const out: string[] = [];
    eachWord(text, fold, (word) => out.push(word));
    return out;
  };
  const writtenWords = (text: string): WrittenWord[] => {
    const out: WrittenWord[] = [];
    eachWord(text, fold, (word, written) => out.push({ word, written }));
    return out;
  };
  const stemOf = (word: string): string => {
    // Stemming is the costly step and vocabularies are small: remember each word's stem.
    let stemmed = cache.get(word);
    if (stemmed === undefined) {
      stemmed = stem(word);
      if (cache.size < 50_000) cache.set(word, stemmed);
    }
    return stemmed;
  };
  const stopTerms = new Set([...stop].map(stemOf));
  const term = (word: string, keepStopWords = false): string | undefined => (!keepStopWords && stop.has(word) ? undefined : stemOf(word));
  const terms = (text: string, keepStopWords = false): string[] => words(text).flatMap((w) => term(w, keepStopWords) ?? []);
  const queryTerms = (text: string, keepStopWords = false): string[] => {
    const all = words(capText(text, maxQueryChars));
    const kept = distinct(
      all.flatMap((w) => term(w, keepStopWords) ?? []),
      maxQueryTerms,
    );
    // "where are you from" is all stop words: route on them rather than on nothing.
    return kept.length > 0 ? kept : distinct(all.map(stemOf), maxQueryTerms);
  };
  const isStopTerm = (t: string): boolean => stopTerms.has(t);
  return { language: language.name, maxQueryChars, maxQueryTerms, words, writtenWords, term, terms, queryTerms, isStopTerm };
}

/** Calls `put` with each word of `text` (folded) and its spelling there: the one tokeniser of `words` and `writtenWords`. */
function eachWord(text: string, fold: boolean, put: (word: string, written: string) => void): void {
  const normal = text.normalize('NFKC');
  // Segmenting is slow: a text with no unspaced script (most of them) never tests its tokens for one.
  const unspaced = UNSPACED.test(normal);
  for (const token of normal.match(WORD) ?? []) {
    if (unspaced && UNSPACED.test(token)) for (const word of segmentWords(token)) putToken(word, fold, put);
    else putToken(token, fold, put);
  }
}

function putToken(token: string, fold: boolean, put: (word: string, written: string) => void): void {
  // Only a capital after the first letter can start a new part: most words skip the costly split.
  if (!UPPER_INSIDE.test(token)) putWord(token, token, fold, put);
  else for (const [part, written] of caseParts(token)) putWord(part, written, fold, put);
}

/**
 * The words of a token holding letters of a script written without spaces (`把这个PDF总结一下` → `把 这个 PDF 总结
 * 一下`), by ICU's dictionaries through `Intl.Segmenter`. A fixed locale, so an index built on one machine splits as
 * queries do on another (ICU picks the dictionary by script; the tag changes nothing here). Without `Intl.Segmenter`
 * (a runtime built without ICU) the fallback splits Han into single characters, which still match character by
 * character, and leaves a run of kana, Thai, Lao, Khmer or Myanmar whole: such a run only matches the same run.
 */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function segmentWords(token: string): string[] {
  if (segmenter === undefined) segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'word' }) : null;
  if (segmenter === null) return token.match(FALLBACK_PIECE) ?? [];
  const out: string[] = [];
  // Every piece of the token, not only ICU's "word-like" ones: the token is letters, marks and digits already, and a
  // piece ICU calls otherwise in context (an iteration mark `々` after a rare ideograph) must still be a word when it is
  // segmented alone, or a word's spelling would not give back the word.
  for (const s of segmenter.segment(token)) if (LETTER_OR_DIGIT.test(s.segment)) out.push(s.segment);
  return out;
}

function putWord(part: string, written: string, fold: boolean, put: (word: string, written: string) => void): void {
  const word = foldCase(part, fold);
  // A lone Latin letter (`s` of `it's`, `t` of `don't`) carries nothing to route on.
  if (word.length > 1 || !/[a-z]/.test(word)) put(word, written);
}

/**
 * The first `max` UTF-16 code units of `text`, cut back to the last white
 * space when one is near so no word is split, and never inside a surrogate pair.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  const space = text.slice(0, end).search(/\s\S*$/);
  return text.slice(0, space >= 0 && space > max - 64 ? space : end);
}

/** The parts of one token split at case changes, each with its spelling; a plural acronym is one part without its `s`. */
function caseParts(token: string): (readonly [part: string, written: string])[] {
  const parts: (readonly [string, string])[] = [];
  const split = (piece: string): void => {
    for (const part of piece.split(CASE_CHANGE)) parts.push([part, part]);
  };
  let from = 0;
  for (const match of token.matchAll(PLURAL_ACRONYM)) {
    if (match.index > from) split(token.slice(from, match.index));
    parts.push([match[1] as string, match[0]]);
    from = match.index + match[0].length;
  }
  if (from < token.length) split(token.slice(from));
  return parts;
}

function foldCase(word: string, foldDiacritics: boolean): string {
  const lower = word.toLowerCase();
  // Only Latin letters lose their marks: in other scripts marks are part of the letter.
  return foldDiacritics && /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(LATIN_MARKS, '').normalize('NFC') : lower;
}

function distinct(terms: readonly string[], max: number): string[] {
  const out = new Set<string>();
  for (const t of terms) {
    if (out.size >= max) break;
    out.add(t);
  }
  return [...out];
}
