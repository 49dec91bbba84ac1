// Routing in a real browser: the text pipeline's packages (stemmer, stopword) and MiniSearch load as browser ESM,
// and a loader routes, activates and serialises its index with no Node API.
import { describe, expect, it } from 'vitest';
import { loadRouter, memorySource, SkillLoader } from '../../src/index.js';

const md = (name: string, description: string, extra = ''): string => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nDo ${name}.\n`;

describe('routing in the browser', () => {
  it('routes, activates and round-trips its index', async () => {
    const loader = new SkillLoader({
      builtin: memorySource({
        'pdf-tools/SKILL.md': md('pdf-tools', 'Merge, split and extract text from PDF files.'),
        'weather-report/SKILL.md': md('weather-report', 'Current weather and forecasts for a city.', 'examples:\n  - will it rain tomorrow\n'),
        'researcher/SKILL.md': md('researcher', 'Fan out searches.', 'activation: manual\n'),
      }),
    });
    await loader.loadAll();
    expect(loader.route('Merging PDFs, café-style')[0]?.skill.name).toBe('pdf-tools');
    expect(loader.activate('/researcher llamas\nwill it rain tomorrow?').map((a) => [a.skill.name, a.reason])).toEqual([
      ['researcher', 'mention'],
      ['weather-report', 'search'],
    ]);
    const back = loadRouter(JSON.parse(JSON.stringify(loader.router.toJSON())));
    expect(back.route('merge pdf')).toEqual(loader.router.route('merge pdf'));
  });
});
