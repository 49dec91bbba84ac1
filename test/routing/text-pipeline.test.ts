import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capText, createTextPipeline, ENGLISH, type TextLanguage } from '../../src/routing/text-pipeline.js';

describe('text pipeline', () => {
  const p = createTextPipeline();

  it('splits kebab, snake and camel case and folds case', () => {
    expect(p.words('PDFTool merge-pdf_files camelCaseWord HTTPServer')).toEqual([
      'pdf',
      'tool',
      'merge',
      'pdf',
      'files',
      'camel',
      'case',
      'word',
      'http',
      'server',
    ]);
  });

  it('reads a plural acronym as one word, singular', () => {
    expect(p.words('PDFs GIFs APIs URLs IDs')).toEqual(['pdf', 'gif', 'api', 'url', 'id']);
    expect(p.words('CSVs LLMs SDKs')).toEqual(['csv', 'llm', 'sdk']);
    // Inside camel case, before a capital or a digit, and against the singular and lower-case plural.
    expect(p.words('listAPIs userIDs PDFsToMerge URLs2')).toEqual(['list', 'api', 'user', 'id', 'pdf', 'to', 'merge', 'url', '2']);
    expect(p.terms('merge these two PDFs')).toEqual(p.terms('merge these two pdfs'));
    expect(p.terms('the APIs')).toEqual(p.terms('the API'));
  });

  it('keeps splitting real camel case and acronym runs', () => {
    expect(p.words('getByName XMLHttpRequest HTTPServer parseJSON IOStream')).toEqual([
      'get',
      'by',
      'name',
      'xml',
      'http',
      'request',
      'http',
      'server',
      'parse',
      'json',
      'io',
      'stream',
    ]);
    // An `s` followed by a lower-case letter is not a plural ending.
    expect(p.words('getItems HTTPSProxy')).toEqual(['get', 'items', 'https', 'proxy']);
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
  // A plural acronym (`PDFs`) stays one part, then the rest splits at every case change.
  const PLURAL_ACRONYM = /(\p{Lu}{2,})s(?=\p{Lu}|\p{N}|$)/gu;
  const fullSplit = (token: string): string[] => {
    const parts: string[] = [];
    let from = 0;
    for (const m of token.matchAll(PLURAL_ACRONYM)) {
      parts.push(...token.slice(from, m.index).split(CASE_CHANGE), m[1] as string);
      from = m.index + m[0].length;
    }
    return [...parts, ...token.slice(from).split(CASE_CHANGE)].filter((p) => p !== '');
  };
  const reference = (text: string): string[] => {
    const pipeline = createTextPipeline();
    return (text.normalize('NFKC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).flatMap((token) => fullSplit(token).flatMap((part) => pipeline.words(part)));
  };
  const piece = fc.constantFrom(
    'PDF',
    'PDFs',
    'APIs',
    'Tool',
    'pdf',
    'camelCase',
    'XMLHttp',
    'Émile',
    'ÉTÉ',
    'ǅ',
    'straße',
    'İ',
    'a1B',
    '9Z',
    ' ',
    '-',
    '_',
    'ß',
    'Ωmega',
    'ΣΑΣ',
  );
  it('gives the words the full case split gives', () => {
    const pipeline = createTextPipeline();
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((p) => p.join('')),
        (text) => {
          expect(pipeline.words(text)).toEqual(reference(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
