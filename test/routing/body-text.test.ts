// What routing reads of a body: headings, the first prose paragraph, file names — and nothing from code.
import { describe, expect, it } from 'vitest';
import { bodyRoutingText, bodyTextOf, fileRoutingNames } from '../../src/routing/body-text.js';
import { createRouter } from '../../src/routing/create-router.js';
import { skill } from '../support/routing-skills.js';
import { parseSkill } from '../../src/format/parse.js';

describe('bodyRoutingText', () => {
  it('reads the ATX headings and the first prose paragraph, skipping lists, quotes and code', () => {
    const body = [
      '# Merge PDFs',
      '',
      '- a list item',
      '> a quote',
      '',
      'Combine several PDF files',
      'into one.',
      '',
      'Second paragraph.',
      '## Split pages',
      '```',
      '# not a heading',
      '```',
    ].join('\n');
    expect(bodyRoutingText(body)).toBe('Merge PDFs\nSplit pages\nCombine several PDF files into one.');
  });

  it('reads CRLF bodies as LF ones', () => {
    expect(bodyRoutingText('# Merge PDFs\r\n\r\nCombine files.\r\n')).toBe('Merge PDFs\nCombine files.');
  });

  it('closes a fence only with the same character, at least as long, so a fence inside a fence stays code', () => {
    const body = ['````md', '```', '# Inner', '```', '````', '# Outer', 'Prose.'].join('\n');
    expect(bodyRoutingText(body)).toBe('Outer\nProse.');
    expect(bodyRoutingText('```\n# only code')).toBe('');
    expect(bodyRoutingText('    indented code\n\nProse here.')).toBe('Prose here.');
  });

  it('caps the paragraph and the whole', () => {
    expect(bodyRoutingText('word '.repeat(1000)).length).toBeLessThanOrEqual(600);
    expect(bodyRoutingText(Array.from({ length: 500 }, (_, i) => `## Heading ${i}`).join('\n')).length).toBeLessThanOrEqual(2000);
  });
});

describe('fileRoutingNames and bodyTextOf', () => {
  it('names files without folder or extension, leaving out licenses, readmes and the evals', () => {
    const files = ['references/forms.md', 'scripts/merge_pdfs.py', 'LICENSE.txt', 'README.md', 'evals/eval_queries.json'].map((path) => ({
      path,
      size: 1,
      isText: true,
      digest: 'sha256:x',
    }));
    expect(fileRoutingNames({ files })).toEqual(['forms', 'merge_pdfs']);
  });

  it('lets a turn reach a skill by a word only its body has', () => {
    const md = '---\nname: doc-tools\ndescription: Work with documents.\n---\n# Watermark pages\n\nStamp a watermark on every page.\n';
    const withBody = parseSkill(md, { folder: 'doc-tools' }).skill;
    expect(withBody && bodyTextOf(withBody)).toBe('Watermark pages\nStamp a watermark on every page.');
    const router = createRouter();
    router.sync([withBody!, skill('weather', { description: 'Forecasts for a city.' })]);
    expect(router.route('add a watermark')[0]?.name).toBe('doc-tools');
    // The body weighs less than the front matter: a skill named for the word ranks above.
    router.upsert(skill('watermarker', { description: 'Add a watermark to images.' }));
    expect(router.route('add a watermark')[0]?.name).toBe('watermarker');
  });
});
