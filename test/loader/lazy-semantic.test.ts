// The embedding stage is a module of its own, imported when a loader is given an embedder: an app without one
// carries none of it, and a stage whose import fails leaves routing lexical and says so.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { routingMd } from '../support/routing-skills.js';
import { rejected } from '../support/errors.js';
import { conceptEmbedder } from '../support/concept-embedder.js';

vi.mock('../../src/loader/stages/semantic-routing.js', () => {
  throw new Error('the chunk could not be fetched');
});

const files = {
  'weather-report/SKILL.md': routingMd('weather-report', { description: 'Current weather and forecasts for a city.', examples: ['will it rain tomorrow'] }),
  'expenses/SKILL.md': routingMd('expenses', { description: 'Turn invoices into a spreadsheet.' }),
};

describe('the embedding stage, imported on demand', () => {
  it('when its import fails: embeddingsReady rejects with EMBEDDING_FAILED, routing stays lexical', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder: conceptEmbedder({ concepts: {} }) } });
    await loader.loadAll();
    const error = await rejected(loader.embeddingsReady());
    expect(error.code).toBe('EMBEDDING_FAILED');
    expect(error.message).toMatch(/could not be loaded/);
    expect(await loader.routeAsync('will it rain tomorrow')).toEqual(loader.route('will it rain tomorrow'));
    expect(await loader.activateAsync('will it rain tomorrow')).toEqual(loader.activate('will it rain tomorrow'));
    loader.upsert(loader.getByName('expenses') ?? (undefined as never));
    expect(loader.remove('expenses')).toBe(true);
  });

  it('is imported by nothing in src but the lazy stage (types aside)', () => {
    const importers: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (path.endsWith('.ts') && /^import (?!type )[^;]*semantic-routing\.js'/m.test(readFileSync(path, 'utf8'))) importers.push(path);
      }
    };
    walk('src');
    expect(importers).toEqual([]);
  });
});
