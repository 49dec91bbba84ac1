// Routing in a real browser: the text pipeline's packages (stemmer, stopword) and MiniSearch load as browser ESM,
// and a loader routes, activates and serialises its index with no Node API.
import { describe, expect, it } from 'vitest';
import { createRouter, memorySource, SkillLoader } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

describe('routing in the browser', () => {
  it('routes, activates and round-trips its index', async () => {
    const loader = new SkillLoader({
      builtin: memorySource({
        'pdf-tools/SKILL.md': skillMd('pdf-tools', { description: 'Merge, split and extract text from PDF files.', body: 'Do pdf-tools.' }),
        'weather-report/SKILL.md': skillMd('weather-report', {
          description: 'Current weather and forecasts for a city.',
          front: 'examples:\n  - will it rain tomorrow\n',
          body: 'Do weather-report.',
        }),
        'researcher/SKILL.md': skillMd('researcher', { description: 'Fan out searches.', front: 'activation: manual\n', body: 'Do researcher.' }),
      }),
    });
    await loader.loadAll();
    expect(loader.route('Merging PDFs, café-style')[0]?.skill.name).toBe('pdf-tools');
    expect(loader.activate('/researcher llamas\nwill it rain tomorrow?').map((a) => [a.skill.name, a.reason])).toEqual([
      ['researcher', 'mention'],
      ['weather-report', 'search'],
    ]);
    const back = createRouter({ index: JSON.parse(JSON.stringify(loader.router.toJSON())) });
    expect(back.route('merge pdf')).toEqual(loader.router.route('merge pdf'));
  });
});
