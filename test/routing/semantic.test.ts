import { describe, expect, it } from 'vitest';
import { blendHits, DEFAULT_SEMANTIC_OPTIONS } from '../../src/routing/meaning/semantic.js';
import { DEFAULT_ACTIVATION_OPTIONS, scaledThreshold, decideSearch, THRESHOLD_REFERENCE_SKILLS } from '../../src/routing/activation.js';
import { dot, meanDirection, normalized, skillVectorKey } from '../../src/routing/meaning/embedder.js';
import { SkillVectors } from '../../src/routing/meaning/skill-vectors.js';
import { rejected } from '../support/errors.js';
import { conceptEmbedder } from '../support/concept-embedder.js';
import { skill } from '../support/routing-skills.js';

const unit = (...xs: number[]) => normalized(Float32Array.from(xs));

describe('blendHits', () => {
  it('scores scale × (w × cosine + (1 − w) × lexical), capped at 1, lexical terms and words kept, best first', () => {
    const query = unit(1, 0);
    const hits = blendHits(
      [{ name: 'b', score: 0.5, terms: ['x'], words: ['X'], coverage: 1 }],
      query,
      [
        ['a', unit(1, 1)],
        ['b', unit(0, 1)],
        ['c', unit(1, 0)],
      ],
      { cosineWeight: 0.5, scale: 2 },
    );
    expect(hits.map((h) => [h.name, h.score, h.terms, h.words])).toEqual([
      ['c', 1, [], []],
      ['a', Math.round(2 * 0.5 * Math.SQRT1_2 * 1e6) / 1e6, [], []],
      ['b', 0.5, ['x'], ['X']],
    ]);
  });

  it('counts a negative cosine as none and leaves out a skill with no evidence', () => {
    const hits = blendHits([], unit(1, 0), [
      ['away', unit(-1, 0)],
      ['across', unit(0, 1)],
    ]);
    expect(hits).toEqual([]);
  });

  it('has defaults that keep one threshold for both modes (a cosine of 1 alone is not a certain match)', () => {
    const [hit] = blendHits([], unit(1, 0), [['a', unit(1, 0)]]);
    expect(hit?.score).toBeCloseTo(DEFAULT_SEMANTIC_OPTIONS.scale * DEFAULT_SEMANTIC_OPTIONS.cosineWeight, 6);
  });
});

describe('vector helpers', () => {
  it('normalise, average directions and take dot products', () => {
    expect(dot(unit(3, 4), unit(3, 4))).toBeCloseTo(1, 6);
    expect([...normalized(new Float32Array(2))]).toEqual([0, 0]);
    expect([...meanDirection([unit(1, 0), unit(0, 1)], 2)].map((x) => x.toFixed(4))).toEqual(['0.7071', '0.7071']);
    expect(skillVectorKey('m@1', 'sha256:a')).not.toBe(skillVectorKey('m@2', 'sha256:a'));
    // The recipe's version is part of the key: vectors made the old way are not read back.
    expect(skillVectorKey('m@1', 'sha256:a')).toMatch(/\u0000v2$/);
  });
});

describe('SkillVectors', () => {
  const pdf = skill('pdf-tools', { description: 'Merge PDF files.', examples: ['combine two documents', 'join files'] });
  const weather = skill('weather', { description: 'Weather forecasts.' });

  it("embeds each routable skill once per digest: one fifth description, four fifths the examples' mean", async () => {
    const embedder = conceptEmbedder();
    const vectors = new SkillVectors(embedder);
    vectors.sync([pdf, weather, skill('manual-one', { activation: 'manual' })]);
    expect(vectors.complete).toBe(false);
    await vectors.ready();
    expect(vectors.complete).toBe(true);
    expect(embedder.calls.flat().sort()).toEqual(['Merge PDF files.', 'Weather forecasts.', 'combine two documents', 'join files'].sort());
    const [d, e1, e2] = await embedder.embed(['Merge PDF files.', 'combine two documents', 'join files']);
    const examples = meanDirection([normalized(e1 as Float32Array), normalized(e2 as Float32Array)], 256);
    const description = normalized(d as Float32Array);
    const expected = normalized(description.map((x, i) => 0.2 * x + 0.8 * (examples[i] as number)));
    // Not the even average it once was.
    expect(dot(vectors.vectorOf('pdf-tools') as Float32Array, meanDirection([description, examples], 256))).toBeLessThan(0.99999);
    expect(dot(vectors.vectorOf('pdf-tools') as Float32Array, expected)).toBeCloseTo(1, 5);
    expect(vectors.vectorOf('manual-one')).toBeUndefined();
    embedder.calls.length = 0;
    vectors.sync([pdf, weather]);
    await vectors.ready();
    expect(embedder.calls).toEqual([]);
  });

  it('re-embeds a changed skill, forgets a removed one, and reads and fills the cache', async () => {
    const cache = new Map<string, Float32Array>();
    const embedder = conceptEmbedder();
    const vectors = new SkillVectors(embedder, cache);
    vectors.sync([pdf, weather]);
    await vectors.ready();
    expect([...cache.keys()].sort()).toEqual([skillVectorKey('concepts@1', pdf.digest), skillVectorKey('concepts@1', weather.digest)].sort());
    const changed = skill('weather', { description: 'Rain and sun.' });
    vectors.upsert(changed);
    expect(vectors.vectorOf('weather')).toBeUndefined();
    await vectors.ready();
    expect(embedder.calls.at(-1)).toEqual(['Rain and sun.']);
    vectors.remove('pdf-tools');
    expect(vectors.candidates(() => true).map(([n]) => n)).toEqual(['weather']);
    // A second loader over the same cache embeds nothing.
    const again = conceptEmbedder();
    const warm = new SkillVectors(again, cache);
    warm.sync([pdf, changed]);
    await warm.ready();
    expect(again.calls).toEqual([]);
    expect(warm.complete).toBe(true);
  });

  it('keys the cache by embedder id: another model does not read its vectors', async () => {
    const cache = new Map<string, Float32Array>([[skillVectorKey('other@1', pdf.digest), unit(1, 0)]]);
    const embedder = conceptEmbedder();
    const vectors = new SkillVectors(embedder, cache);
    vectors.sync([pdf]);
    await vectors.ready();
    expect(embedder.calls.length).toBe(1);
  });

  it('rejects ready() with EMBEDDING_FAILED when the embedder fails or miscounts', async () => {
    const failing = new SkillVectors(conceptEmbedder({ failWith: new Error('no model') }));
    failing.sync([pdf]);
    const error = await rejected(failing.ready());
    expect([error.code, error.message]).toEqual(['EMBEDDING_FAILED', expect.stringMatching(/no model/)]);
    expect(failing.complete).toBe(false);
    const short = conceptEmbedder();
    const miscounting = new SkillVectors({ ...short, embed: async (texts) => (await short.embed(texts)).slice(1) });
    miscounting.sync([pdf]);
    expect((await rejected(miscounting.ready())).code).toBe('EMBEDDING_FAILED');
  });
});

describe('the threshold at scale', () => {
  const o = { ...DEFAULT_ACTIVATION_OPTIONS, threshold: 0.5, thresholdGrowth: 0.1 };

  it('holds as given up to the reference size, then rises by thresholdGrowth per e-fold of skills', () => {
    expect(scaledThreshold(o, 0)).toBe(0.5);
    expect(scaledThreshold(o, THRESHOLD_REFERENCE_SKILLS)).toBe(0.5);
    expect(scaledThreshold(o, THRESHOLD_REFERENCE_SKILLS * Math.E)).toBeCloseTo(0.6, 9);
    expect(scaledThreshold({ ...o, thresholdGrowth: 0 }, 10_000)).toBe(0.5);
  });

  it('decides whether search activates anything: a hit that passes among 200 skills does not among 1,500', () => {
    const hits = [{ name: 'a', score: 0.6, terms: [], words: [], coverage: 1 }];
    const input = (skills: number) => ({ skills, contentTerms: 1, isStopTerm: () => false });
    expect(decideSearch(hits, o, input(200)).activated.map((h) => h.name)).toEqual(['a']);
    expect(decideSearch(hits, o, input(1500)).activated).toEqual([]);
  });
});
