// Each field is split into words once and both MiniSearch and the term profile are built from those words:
// the index must be exactly the one MiniSearch builds when it tokenises every field itself.
import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import { generateSkills } from '../../bench/generate.js';
import { parseSkill } from '../../src/format/parse.js';
import { isRoutable } from '../../src/routing/router.js';
import { createRouter } from '../../src/routing/create-router.js';
import { ROUTER_FIELDS } from '../../src/routing/score.js';
import { bodyTextOf } from '../../src/routing/body-text.js';
import type { Skill } from '../../src/format/types.js';
import { demoSkills, skill } from '../support/routing-skills.js';
import { profileOfText } from '../../src/routing/score.js';

const generated = generateSkills(120, { seed: 5 }).flatMap((g) => parseSkill(g.text, { folder: g.folder }).skill ?? []);
const tricky = skill('PDFTool-x', {
  description: 'Café “naïve” résumé — it’s PDFTool and camelCase, the a of it.',
  examples: ['Merge two PDFs', 'the\nsplit', ''],
  tags: ['doc_tools', 'x'],
});

/** The index as MiniSearch makes it when it tokenises each field with the router's own pipeline. */
function ownIndex(skills: readonly Skill[], stopWordWeight: number): unknown {
  const router = createRouter({ stopWordWeight });
  const keep = stopWordWeight > 0;
  const index = new MiniSearch({
    fields: [...ROUTER_FIELDS],
    tokenize: (t) => router.pipeline.words(t),
    processTerm: (w) => router.pipeline.term(w, keep),
    autoVacuum: false,
  });
  for (const s of skills.filter(isRoutable)) {
    index.add({
      id: s.name,
      name: s.name,
      description: s.description,
      intents: (s.intents ?? []).join('\n'),
      examples: (s.examples ?? []).join('\n'),
      tags: (s.tags ?? []).join('\n'),
      body: bodyTextOf(s),
    });
  }
  return index.toJSON();
}

describe('router indexing from words split once', () => {
  it.each([0, 0.3])('builds the same MiniSearch index as MiniSearch tokenising itself (stopWordWeight %s)', (stopWordWeight) => {
    const skills = [...demoSkills(), ...generated, tricky];
    const router = createRouter({ stopWordWeight });
    router.sync(skills);
    expect(router.toJSON().index).toEqual(ownIndex(skills, stopWordWeight));
  });

  it('keeps the term profile of each example separate', () => {
    const router = createRouter();
    router.sync([tricky]);
    const [, , , , , profile] = router.toJSON().entries[0] ?? [];
    expect(profileOfText(profile ?? '').get('pdftool')).toBeUndefined();
    expect(profileOfText(profile ?? '').get('pdf')).toBe(1);
    expect(router.route('split')[0]?.name).toBe('PDFTool-x');
  });

  it('removes a skill as completely as it added it', () => {
    // MiniSearch warns when a removed document's words were not the ones it indexed.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createRouter();
    router.sync([...demoSkills(), tricky]);
    router.remove('PDFTool-x');
    const fresh = createRouter();
    fresh.sync(demoSkills());
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    for (const query of ['café naïve résumé', 'merge two pdfs', 'split', 'will it rain']) expect(router.route(query)).toEqual(fresh.route(query));
  });
});
