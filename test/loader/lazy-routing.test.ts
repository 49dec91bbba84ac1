// The routing index is built on first use, not during loadAll; the first answer after a load is the one an index
// built eagerly over the same skills gives, including after a second load, upsert and remove.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSkills, skillFiles } from '../../bench/generate.js';
import { isSkillError } from '../../src/format/errors.js';
import { SkillLoader } from '../../src/loader/loader.js';
import { Router } from '../../src/routing/router.js';
import { createRouter } from '../../src/routing/create-router.js';
import { memorySource } from '../../src/sources/memory.js';
import type { Skill } from '../../src/format/types.js';
import { skill } from '../support/routing-skills.js';

const files: Record<string, string> = {};
for (const g of generateSkills(150, { seed: 3 })) for (const f of skillFiles(g)) files[f.path] = f.content;
const QUERIES = ['summarize this pdf report', 'review my pull request', 'convert the spreadsheet to csv', 'deploy docker images', 'the'];

/** What an index built right away over `skills` answers. */
function eager(skills: readonly Skill[], query: string): { name: string; score: number }[] {
  const router = createRouter();
  router.sync(skills);
  return router.route(query, { activation: 'any' }).map((h) => ({ name: h.name, score: h.score }));
}

const routed = (loader: SkillLoader, query: string): { name: string; score: number }[] =>
  loader.route(query).map((h) => ({ name: h.skill.name, score: h.score }));

afterEach(() => vi.restoreAllMocks());

describe('lazy routing index', () => {
  it('indexes nothing during loadAll, and everything on the first route', async () => {
    const sync = vi.spyOn(Router.prototype, 'sync');
    const loader = new SkillLoader({ builtin: memorySource(files) });
    await loader.loadAll();
    expect(sync).not.toHaveBeenCalled();
    loader.route('pdf');
    expect(sync).toHaveBeenCalledTimes(1);
    loader.route('pdf');
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('answers the first route and activate right after loadAll as an eager index does', async () => {
    const loader = new SkillLoader({ builtin: memorySource(files) });
    const all = await loader.loadAll();
    for (const q of QUERIES) expect(routed(loader, q)).toEqual(eager(all, q));
    const fresh = new SkillLoader({ builtin: memorySource(files) });
    await fresh.loadAll();
    expect(fresh.activate(QUERIES[0] as string).map((a) => a.skill.name)).toEqual(loader.activate(QUERIES[0] as string).map((a) => a.skill.name));
  });

  it('follows the latest load, and applies upsert and remove on top of it', async () => {
    const fewer = Object.fromEntries(Object.entries(files).slice(0, 40));
    const loader2 = new SkillLoader({ builtin: memorySource(fewer) });
    const expected = await loader2.loadAll();
    // Two loads, never routed in between: the index follows the second.
    const again = new SkillLoader({ builtin: memorySource(files) });
    await again.loadAll();
    await again.loadAll();
    for (const q of QUERIES) expect(routed(again, q)).toEqual(eager(again.getAll(), q));
    const extra = skill('pdf-summarizer', { description: 'Summarize PDF reports into bullet points.' });
    loader2.upsert(extra);
    expect(loader2.route('summarize this pdf report')[0]?.skill.name).toBe('pdf-summarizer');
    loader2.remove('pdf-summarizer');
    for (const q of QUERIES) expect(routed(loader2, q)).toEqual(eager(expected, q));
  });

  it('still refuses an index of another version when the loader is made', () => {
    const index = { ...createRouter().toJSON(), version: 99 } as never;
    let error: unknown;
    try {
      new SkillLoader({ routing: { index } });
    } catch (e) {
      error = e;
    }
    expect(isSkillError(error) && error.code).toBe('INVALID_INDEX');
  });
});
