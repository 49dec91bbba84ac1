// Lazy skills across the worker boundary: the page sees `loaded: false` until it asks, and `ensureLoaded`,
// `activateAsync` and `skills.load` in the worker read the body; errors keep their code across the boundary.
import { describe, expect, it } from 'vitest';
import { memorySource, type SkillSource } from '../../src/index.js';
import { inProcess } from '../support/in-process-runtime.js';
import { BUILTIN_FILES } from '../support/runtime-skills.js';

describe('lazy skills in the worker runtime', () => {
  it('lists by metadata and reads a body on ensureLoaded, activateAsync and skills.load', async () => {
    const { client } = inProcess({ builtin: memorySource(BUILTIN_FILES, { lazy: true }) });
    const listed = await client.loadAll();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((s) => s.loaded === false && s.content === '')).toBe(true);
    const eager = inProcess({ builtin: memorySource(BUILTIN_FILES) }).client;
    const full = await eager.loadAll();
    const [first] = await client.ensureLoaded([listed[0]!.name]);
    expect(first).toEqual(full.find((s) => s.name === listed[0]!.name));
    const [activation] = await client.activateAsync(`/${listed[1]!.name}`);
    expect(activation?.skill.loaded).toBeUndefined();
    expect(activation?.skill.content).toBe(full.find((s) => s.name === listed[1]!.name)?.content);
  });

  it('a body that cannot be read rejects with its code on the page', async () => {
    const inner = memorySource(BUILTIN_FILES, { lazy: true });
    const failing: SkillSource = {
      ...inner,
      readSkill: () => Promise.reject(new Error('offline')),
    };
    const { client } = inProcess({ builtin: failing });
    const [skill] = await client.loadAll();
    await expect(client.ensureLoaded(skill!.name)).rejects.toMatchObject({ code: 'SOURCE_FAILED' });
  });
});
