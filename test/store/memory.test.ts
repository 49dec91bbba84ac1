// The memory store passes the store contract; the store entry needs no IndexedDB until a database is opened.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, openSkillStore } from '../../src/store/index.js';
import { rejected } from '../support/errors.js';
import { describeStoreContract } from './contract.js';
import { describeEvolutionContract } from './evolution-contract.js';

describeEvolutionContract('memory', async (options) => createMemoryStore(options));
describeStoreContract('memory', async (options) => createMemoryStore(options));

describe('memory store', () => {
  it('reports the bytes of every revision it holds as usage, never persisted', async () => {
    const store = createMemoryStore();
    const text = '---\nname: tiny\ndescription: A tiny skill for the usage count.\n---\nBody.\n';
    await store.put(['o', 'skills'], { 'SKILL.md': text, 'a.bin': new Uint8Array(10) });
    expect(await store.storage()).toEqual({ persisted: false, usage: new TextEncoder().encode(text).byteLength + 10 });
  });
});

describe('without IndexedDB', () => {
  it('importing satchel/store touches no IndexedDB; opening a store says it is missing', async () => {
    expect((globalThis as { indexedDB?: unknown }).indexedDB).toBeUndefined();
    const error = await rejected(openSkillStore());
    expect(error.code).toBe('STORE_FAILED');
    expect(error.message).toMatch(/IndexedDB is not available/);
  });
});
