import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capText, createTextPipeline, ENGLISH, type TextLanguage } from '../../src/routing/text-pipeline.js';

describe('text pipeline', () => {
  const p = createTextPipeline();

  it('splits kebab, snake and camel case and folds case', () => {
    expect(p.words('PDFTool merge-pdf_files camelCaseWord HTTPServer')).toEqual(['pdf', 'tool', 'merge', 'pdf', 'files', 'camel', 'case', 'word', 'http', 'server']);
  });

  it('normalises Unicode: compatibility forms, accents on Latin letters, other scripts untouched', () => {
    expect(p.words('Ｆｕｌｌｗｉｄｔｈ café ÉCOLE')).toEqual(['fullwidth', 'cafe', 'ecole']);
    // Devanagari vowel signs are combining marks that belong to the letter.
    expect(p.words('नमस्ते')).toEqual(['नमस्ते']);
  });

  it('drops stop words and lone Latin letters, stems the rest', () => {
    expect(p.terms("It's the merging of the files")).toEqual(['merg', 'file']);
    expect(p.terms('the files', true)).toEqual(['the', 'file']);
  });

  it('keeps stop words when a query has nothing else', () => {
    expect(p.queryTerms('where are you from')).toEqual(['where', 'ar', 'you', 'from']);
    expect(p.queryTerms('Merge merged MERGING files')).toEqual(['merg', 'file']);
  });

  it('takes another language as an option', () => {
    const pseudo: TextLanguage = { name: 'xx', stopWords: ['der', 'die'], stem: (w) => w.replace(/en$/, ''), foldDiacritics: false };
    const de = createTextPipeline({ language: pseudo });
    expect(de.language).toBe('xx');
    expect(de.terms('Die Dateien zusammenführen')).toEqual(['datei', 'zusammenführ']);
    expect(ENGLISH.name).toBe('en');
  });

  it('can turn stemming and stop words off', () => {
    expect(createTextPipeline({ stem: false, stopWords: false }).terms('the merging')).toEqual(['the', 'merging']);
  });

  it('caps a query before any other work', () => {
    let stems = 0;
    const counting = createTextPipeline({ language: { ...ENGLISH, stem: (w) => (stems++, w) } });
    const huge = Array.from({ length: 20_000 }, (_, i) => `w${i}x`).join(' '); // ~140 KB of distinct words
    expect(huge.length).toBeGreaterThan(100_000);
    const terms = counting.queryTerms(huge);
    expect(terms.length).toBe(counting.maxQueryTerms);
    // Only the first maxQueryChars characters were split and stemmed.
    expect(stems).toBeLessThanOrEqual(counting.maxQueryChars / 2);
  });

  it('cuts text at a word boundary and never inside a surrogate pair', () => {
    expect(capText('short', 10)).toBe('short');
    expect(capText('alpha beta gamma', 13)).toBe('alpha beta');
    const emoji = 'a'.repeat(9) + '😀';
    expect(capText(emoji, 10)).toBe('a'.repeat(9));
  });
});

describe('text pipeline words: the split shortcut', () => {
  // The split every token went through before words without an inner capital skipped it.
  const CASE_CHANGE = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
  const reference = (text: string): string[] => {
    const pipeline = createTextPipeline();
    return (text.normalize('NFKC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).flatMap((token) => token.split(CASE_CHANGE).flatMap((part) => pipeline.words(part)));
  };
  const piece = fc.constantFrom('PDF', 'Tool', 'pdf', 'camelCase', 'XMLHttp', 'Émile', 'ÉTÉ', 'ǅ', 'straße', 'İ', 'a1B', '9Z', ' ', '-', '_', 'ß', 'Ωmega', 'ΣΑΣ');
  it('gives the words the full case split gives', () => {
    const pipeline = createTextPipeline();
    fc.assert(fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((p) => p.join('')), (text) => {
      expect(pipeline.words(text)).toEqual(reference(text));
    }), { numRuns: 2000 });
  });
});
