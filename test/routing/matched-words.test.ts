// A hit's `words`: the turn's own words that matched, as it spells them, in its order, never a stop word; the stems
// stay in `terms`. Display only: the words never change what routes or how it scores.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eng } from 'stopword';
import { activateTurn } from '../../src/routing/activation.js';
import { createRouter } from '../../src/routing/create-router.js';
import { createTextPipeline, type TextPipeline } from '../../src/routing/text-pipeline.js';
import type { Router, RouterOptions } from '../../src/routing/router.js';
import type { Skill } from '../../src/format/types.js';
import { demoSkills, skill } from '../support/routing-skills.js';

const STOP = new Set(eng);

function built(skills: Skill[], options: RouterOptions = {}): Router {
  const router = createRouter(options);
  router.sync(skills);
  return router;
}

const releaseNotes = skill('release-notes', { description: 'Write release notes for my money app, and what this does.' });

describe('matched words of a route hit', () => {
  it('"release notes for my money app": the words as written, no stems, no stop words', () => {
    const [hit] = built([releaseNotes, ...demoSkills()]).route('Release notes for my Money app');
    expect(hit?.name).toBe('release-notes');
    expect(hit?.words).toEqual(['Release', 'notes', 'Money', 'app']);
    // The stems (and the stop words scored at a small weight) stay available as the scoring detail.
    expect(hit?.terms).toEqual(expect.arrayContaining(['releas', 'monei', 'for', 'my']));
  });

  it('a stop word that matched is never shown; a word the list lacks shows as written, not as its stem', () => {
    const [hit] = built([releaseNotes]).route('what does this money app do');
    // "what", "this" and "do" are on the `stopword` list; "does" is not, so it shows (as "does", not "doe").
    expect(hit?.terms).toEqual(expect.arrayContaining(['what', 'thi', 'doe', 'monei']));
    expect(hit?.words).toEqual(['does', 'money', 'app']);
  });

  it('keeps the turn’s order and spelling: a plural acronym as typed, a camel-case part as typed, each word once', () => {
    const router = built(demoSkills());
    expect(router.route('Merge these two PDFs')[0]?.words).toEqual(['Merge', 'two', 'PDFs']);
    expect(router.route('pdf: mergePdf then MERGE the PDF')[0]?.words).toEqual(['pdf', 'merge']);
    expect(router.route('could you Extract text from a pdf')[0]?.words).toEqual(['Extract', 'text', 'pdf']);
  });

  it('a turn of stop words only may still rank a skill, with no word shown', () => {
    const hits = built([skill('origins', { description: 'Where are you from?' })]).route('where are you from');
    expect(hits.map((h) => h.name)).toEqual(['origins']);
    expect(hits[0]?.words).toEqual([]);
  });

  it('a term the query only reached by expansion names no word of the turn', () => {
    const buy = createTextPipeline().queryTerms('buy');
    const related = { of: (t: string) => (t === 'purchas' ? buy : []), weight: 1 };
    const [hit] = built([skill('property-deals', { description: 'Helps you buy property.' })], { experimental: { related } }).route('purchase a house');
    expect(hit?.terms).toEqual(buy);
    expect(hit?.words).toEqual([]);
  });

  it('recognised intents carry the words too', () => {
    const [intent] = built(demoSkills()).recognizeIntents('I want my money back for this order');
    expect(intent?.intent).toBe('refund_request');
    expect(intent?.words).toEqual(['want', 'money', 'back', 'order']);
  });

  it('a pipeline of one’s own without writtenWords shows its folded words', () => {
    const { writtenWords: _w, ...own } = createTextPipeline();
    const [hit] = built(demoSkills(), { pipeline: own satisfies TextPipeline }).route('Merge these two PDFs');
    expect(hit?.words).toEqual(['merge', 'two', 'pdf']);
  });

  it('property: every shown word is spelled in the turn, is no stop word, and its term matched', () => {
    const router = built([releaseNotes, ...demoSkills()]);
    const vocabulary = [
      'Merge',
      'PDFs',
      'the',
      'for',
      'my',
      'Money',
      'release',
      'notes',
      'weather',
      'rain',
      'this',
      'does',
      'git',
      'order',
      'refund',
      'splitPdf',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 8 }), (parts) => {
        const text = parts.join(' ');
        for (const hit of router.route(text, { activation: 'any' })) {
          for (const word of hit.words) {
            expect(text).toContain(word);
            expect(STOP.has(word.toLowerCase())).toBe(false);
            expect(hit.terms).toContain(router.pipeline.term(word.toLowerCase()));
          }
        }
      }),
    );
  });
});

describe('matched words of activations', () => {
  const skills = demoSkills();
  const context = {
    getByName: (name: string) => skills.find((s) => s.name === name),
    getByIntent: (intent: string) => skills.filter((s) => s.intents?.includes(intent)),
    router: built(skills),
  };

  it('a search activation shows the turn’s words; a mention and a given intent show none', () => {
    const activations = activateTurn({ text: '/git-helper now\nPlease merge these two PDFs', intents: ['refund_request'] }, context);
    expect(activations.map((a) => [a.skill.name, a.reason, a.words])).toEqual([
      ['git-helper', 'mention', []],
      ['refunds', 'intent', []],
      ['pdf-tools', 'search', ['merge', 'two', 'PDFs']],
    ]);
  });
});

describe('writtenWords', () => {
  const pipeline = createTextPipeline();

  it('gives each word of `words` with its spelling in the text', () => {
    expect(pipeline.writtenWords?.('PDFTool: merge-PDFs_Café')).toEqual([
      { word: 'pdf', written: 'PDF' },
      { word: 'tool', written: 'Tool' },
      { word: 'merge', written: 'merge' },
      { word: 'pdf', written: 'PDFs' },
      { word: 'cafe', written: 'Café' },
    ]);
  });

  it('gives back each segmented word from its spelling alone (fast-check found `𚿰々`)', () => {
    const text = '𚿰々 𚿰々';
    const written = pipeline.writtenWords?.(text) ?? [];
    expect(written.map((w) => w.word)).toEqual(pipeline.words(text));
    for (const w of written) expect(pipeline.words(w.written)).toEqual([w.word]);
  });

  it('property: its words are exactly `words` (tokenisation unchanged), each spelling folding to its word', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('', 'PDFs', 'camelCase', 'userIDs2', 'ÉTÉ'), (a, b) => {
        const text = `${a} ${b}${a}`;
        const written = pipeline.writtenWords?.(text) ?? [];
        expect(written.map((w) => w.word)).toEqual(pipeline.words(text));
        for (const w of written) expect(pipeline.words(w.written)).toEqual([w.word]);
      }),
    );
  });
});
