// satchel vectors <dir> <out>: the routable skills of a folder embedded with the real model, written as a skill
// vector file a loader then reads instead of embedding.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileVectorCache } from '../../../src/routing/meaning/vector-file.js';
import { SkillLoader, directorySource } from '../../../src/node/index.js';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-vectors-');

const files = {
  'skills/pdf/SKILL.md': skillMd('pdf', { description: 'Merge, split and fill PDF files.', front: { examples: ['merge these two pdf files'] } }),
  'skills/weather/SKILL.md': skillMd('weather', { description: 'Current weather and forecasts for a city.' }),
  'skills/deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the web app to production.', front: { activation: 'manual' } }),
};

describe('satchel vectors', () => {
  it('writes one vector per routable skill, which a loader takes instead of embedding', async () => {
    const root = await tree(files);
    const { code, out, err } = await cli(root, 'vectors', 'skills', 'vectors.json');
    expect([code, err]).toEqual([0, '']);
    expect(out).toMatch(/^2 skill vectors \(use-lite@1[^,]*, 512 dimensions\) written to vectors\.json\n$/);
    const cache = fileVectorCache(JSON.parse(await readFile(join(root, 'vectors.json'), 'utf8')));
    expect(cache.size).toBe(2);
    const calls: string[][] = [];
    const embedder = {
      id: [...cache.keys()][0]?.split('\u0000')[0] ?? '',
      dimensions: 512,
      embed: async (texts: readonly string[]) => (calls.push([...texts]), []),
    };
    const loader = new SkillLoader({ builtin: directorySource(join(root, 'skills')), routing: { embedder, vectorCache: cache } });
    await loader.loadAll();
    await loader.embeddingsReady();
    expect(calls).toEqual([]);
  }, 60_000);

  it('is a usage error without its two arguments, and says so in --json too', async () => {
    const root = await tree(files);
    expect((await cli(root, 'vectors', 'skills')).code).toBe(2);
    const { code, out } = await cli(root, 'vectors', '--json', 'skills', 'v.json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ file: 'v.json', dimensions: 512, vectors: 2 });
  }, 60_000);
});
