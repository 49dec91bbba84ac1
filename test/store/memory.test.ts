// The memory store passes the store contract; the store entry needs no IndexedDB until a database is opened.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, openSkillStore } from '../../src/store/index.js';
import { rejected } from '../support/errors.js';
import { describeStoreContract } from './contract.js';

describeStoreContract('memory', async (options) => createMemoryStore(options));

describe('without IndexedDB', () => {
  it('importing satchel/store touches no IndexedDB; opening a store says it is missing', async () => {
    expect((globalThis as { indexedDB?: unknown }).indexedDB).toBeUndefined();
    const error = await rejected(openSkillStore());
    expect(error.code).toBe('STORE_FAILED');
    expect(error.message).toMatch(/IndexedDB is not available/);
  });
});
