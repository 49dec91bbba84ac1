// loader.learn: the turns a skill served become its examples, per user, in the lexical and the meaning stage.
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, type LoadedSkill, type SkillTool } from '../../src/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { rejected } from '../support/errors.js';
import { conceptEmbedder } from '../support/concept-embedder.js';
import { skillMd } from '../support/skill-md.js';

const files = {
  'refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds and money back under the store policy.' }),
  'shipping/SKILL.md': skillMd('shipping', { description: 'Track parcels and delivery delays.' }),
  'researcher/SKILL.md': skillMd('researcher', { description: 'Research a topic in depth.', front: 'activation: manual\n' }),
};
const turn = 'the blender I got sparks when I switch it on';

async function loaded(routing = {}): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: memorySource(files), routing });
  await loader.loadAll('acme', 'u1');
  return loader;
}

const top = (loader: SkillLoader, text: string): string | undefined => loader.route(text)[0]?.skill.name;

describe('loader.learn', () => {
  it('makes a turn an example of the skill: the lexical stage ranks it for such turns from then on', async () => {
    const loader = await loaded();
    expect(top(loader, 'my blender sparks')).toBeUndefined();
    const example = await loader.learn('refunds', turn);
    expect(example).toMatchObject({ name: 'refunds', text: turn, count: 1 });
    expect(top(loader, 'my blender sparks')).toBe('refunds');
    expect(loader.getByName('refunds')?.examples).toBeUndefined(); // the skill itself is unchanged
  });

  it('merges duplicates, keeps the newest per skill, lists them and forgets one at a time', async () => {
    const loader = await loaded({ maxLearnedPerSkill: 2 });
    await loader.learn('refunds', { text: 'Broken  kettle' });
    await loader.learn('refunds', 'broken kettle');
    expect(loader.learnedExamples('refunds')).toEqual([expect.objectContaining({ text: 'broken kettle', count: 2 })]);
    await loader.learn('refunds', 'cracked screen');
    await loader.learn('refunds', 'torn jacket');
    expect(loader.learnedExamples('refunds').map((e) => e.text)).toEqual(['cracked screen', 'torn jacket']);
    await loader.learn('shipping', 'where is my parcel');
    expect(loader.learnedExamples()).toHaveLength(3);
    expect(await loader.forgetExample('refunds', 'TORN jacket')).toBe(true);
    expect(await loader.forgetExample('refunds', 'torn jacket')).toBe(false);
    expect(loader.learnedExamples('refunds').map((e) => e.text)).toEqual(['cracked screen']);
    expect(top(loader, 'cracked screen')).toBe('refunds');
    await loader.forgetExample('refunds', 'cracked screen');
    expect(top(loader, 'cracked screen')).toBeUndefined();
  });

  it('refuses a skill it does not hold, a turn past the limit, and a turn with no text', async () => {
    const loader = await loaded();
    expect((await rejected(loader.learn('nope', turn))).code).toBe('NOT_FOUND');
    expect((await rejected(loader.learn('refunds', 'x'.repeat(2001)))).code).toBe('LIMIT_EXCEEDED');
    expect((await rejected(loader.learn('refunds', '   '))).code).toBe('INVALID_INPUT');
    expect((await rejected(loader.learn('refunds', { text: 3 } as unknown as string))).code).toBe('INVALID_INPUT');
    expect(loader.learnedExamples()).toEqual([]);
  });

  it("keeps each user's examples in the store, beside their skills: another user's routing never sees them", async () => {
    const store = createMemoryStore();
    await store.put(['acme', 'skills'], skillMd('warranty', { description: 'Explain the warranty terms.' }));
    const loader = new SkillLoader({ builtin: memorySource(files), store });
    await loader.loadAll('acme', 'u1');
    await loader.learn('refunds', turn);
    expect(await store.learnedExamples(['acme', 'u1', 'skills'])).toEqual([expect.objectContaining({ name: 'refunds', text: turn })]);
    expect(top(loader, 'my blender sparks')).toBe('refunds');
    await loader.loadAll('acme', 'u2');
    expect(loader.learnedExamples()).toEqual([]);
    expect(top(loader, 'my blender sparks')).toBeUndefined();
    // A new loader for u1 (the next session) reads them back from the store.
    const next = new SkillLoader({ builtin: memorySource(files), store });
    await next.loadAll('acme', 'u1');
    expect(top(next, 'my blender sparks')).toBe('refunds');
    expect(await next.forgetExample('refunds', turn)).toBe(true);
    expect(await store.learnedExamples(['acme', 'u1', 'skills'])).toEqual([]);
    expect(top(next, 'my blender sparks')).toBeUndefined();
    // A subagent surface has its own.
    const legal = new SkillLoader({ builtin: memorySource(files), store, surface: 'legal' });
    await legal.loadAll('acme', 'u1');
    await legal.learn('refunds', 'contract termination refund');
    expect(await store.learnedExamples(['acme', 'u1', 'surfaces', 'legal', 'skills'])).toHaveLength(1);
    expect(await store.learnedExamples(['acme', 'u1', 'skills'])).toEqual([]);
  });

  it('keeps them in memory with a store that keeps none, and loads on when the store fails to give them', async () => {
    const plain = { search: async () => [] };
    const loader = new SkillLoader({ builtin: memorySource(files), store: plain });
    await loader.loadAll('acme', 'u1');
    await loader.learn('refunds', turn);
    expect(top(loader, 'my blender sparks')).toBe('refunds');
    const failing = createMemoryStore();
    failing.learnedExamples = async () => Promise.reject(new Error('disk gone'));
    const other = new SkillLoader({ builtin: memorySource(files), store: failing });
    await other.loadAll('acme', 'u1');
    expect(other.size).toBe(3);
    expect(other.diagnostics).toContainEqual(expect.objectContaining({ code: 'source-error', message: expect.stringContaining('disk gone') }));
  });

  it('reaches the meaning stage too: a learned turn moves the blended ranking', async () => {
    const embedder = conceptEmbedder({ concepts: { blender: 'appliance', toaster: 'appliance', sparks: 'fault', smokes: 'fault' } });
    const loader = new SkillLoader({ builtin: memorySource(files), routing: { embedder } });
    await loader.loadAll();
    await loader.embeddingsReady();
    const scoreOf = async (): Promise<number> => (await loader.routeAsync('toaster smokes')).find((h) => h.skill.name === 'refunds')?.score ?? 0;
    const before = await scoreOf();
    await loader.learn('refunds', 'my blender sparks');
    await loader.embeddingsReady();
    expect(embedder.calls.flat()).toContain('my blender sparks');
    // No word in common with the learned turn, only meaning: the blend now finds refunds close.
    expect(await scoreOf()).toBeGreaterThan(before + 0.2);
    expect(top(loader, 'toaster smokes')).toBeUndefined();
  });
});

describe('routing: { learn: true }', () => {
  it('skills.load learns the last turn activation saw, and a served mention the text after the name', async () => {
    const loader = await loaded({ learn: true });
    loader.activate(turn);
    await (loader.tools[0] as SkillTool<LoadedSkill>).run({ name: 'refunds' });
    expect(loader.learnedExamples('refunds').map((e) => e.text)).toEqual([turn]);
    await loader.activateAsync('/shipping parcel 88213 stuck in customs');
    expect(loader.learnedExamples('shipping').map((e) => e.text)).toEqual(['parcel 88213 stuck in customs']);
    // A preview (activate) or an evaluation (record: false) teaches nothing.
    loader.activate('/shipping typed so far');
    await loader.activateAsync('/shipping an evaluation query', { record: false });
    expect(loader.learnedExamples('shipping')).toHaveLength(1);
  });

  it('learns nothing without it', async () => {
    const loader = await loaded();
    loader.activate(turn);
    await (loader.tools[0] as SkillTool<LoadedSkill>).run({ name: 'refunds' });
    await loader.activateAsync('/shipping parcel 88213 stuck in customs');
    expect(loader.learnedExamples()).toEqual([]);
  });
});
