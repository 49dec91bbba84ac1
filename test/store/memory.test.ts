// The memory store passes the store contract; the store entry needs no IndexedDB until a database is opened.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, openIndexedDbStore } from '../../src/store/index.js';
import { memoryBackend } from '../../src/store/memory-store.js';
import type { HeadRecord } from '../../src/store/records.js';
import { rejected } from '../support/errors.js';
import { describeStoreContract } from './store-contract.js';
import { describeEvolutionContract } from './evolution-contract.js';
import { describeArgumentsContract } from './arguments-contract.js';
import { describeExportChecksContract } from './export-checks-contract.js';
import { describeGrowthContract } from './growth-contract.js';
import { describeLearnedContract } from './learned-contract.js';
import { describeSelfImprovementContract } from './self-improvement-contract.js';
import { describePagingContract } from './paging-contract.js';
import { describeKeptParseContract } from './kept-parse-contract.js';
import { describeSafetyContract } from './safety-contract.js';

describeEvolutionContract('memory', async (options) => createMemoryStore(options));
describeStoreContract('memory', async (options) => createMemoryStore(options));
describeExportChecksContract('memory', async (options) => createMemoryStore(options));
describeArgumentsContract('memory', async (options) => createMemoryStore(options));
describeGrowthContract('memory', async (options) => createMemoryStore(options));
describeLearnedContract('memory', async (options) => createMemoryStore(options));
describeSelfImprovementContract('memory', async (options) => createMemoryStore(options));
describePagingContract('memory', async (options) => createMemoryStore(options));
describeKeptParseContract('memory', async (options) => createMemoryStore(options));
describeSafetyContract('memory', async (options) => createMemoryStore(options));

describe('memory store', () => {
  it('reports the bytes of every revision it holds as usage, never persisted', async () => {
    const store = createMemoryStore();
    const text = '---\nname: tiny\ndescription: A tiny skill for the usage count.\n---\nBody.\n';
    await store.put(['o', 'skills'], { 'SKILL.md': text, 'a.bin': new Uint8Array(10) });
    expect(await store.storage()).toEqual({ persisted: false, usage: new TextEncoder().encode(text).byteLength + 10 });
  });
});

describe('memory store commits', () => {
  it('applies one write of 150,000 heads and audit entries whole: an import that size once overflowed the stack half-applied', async () => {
    // The cause was `state.audit.push(...staged)`: past about 125,000 arguments V8 throws RangeError, after the heads
    // and revisions were already in (140,000 skills stored, no audit entry, no event, every retry a CONFLICT).
    const backend = memoryBackend();
    const ns = JSON.stringify(['o', 'skills']);
    const at = '2026-01-01T00:00:00.000Z';
    const count = 150_000;
    await backend.write(async (tx) => {
      for (let i = 0; i < count; i++) {
        const head: HeadRecord = { ns, name: `s${i}`, revision: 1, digest: 'sha256:0', state: 'active', text: '', files: {}, createdAt: at, updatedAt: at };
        await tx.putHead(head);
        await tx.appendAudit({ ns, name: head.name, action: 'import', revision: 1, actor: { kind: 'person' }, at });
      }
    });
    const [heads, audit] = await backend.read(async (tx) => [await tx.headCount(ns), (await tx.audit(ns)).length]);
    expect([heads, audit]).toEqual([count, count]);
  });
});

describe('without IndexedDB', () => {
  it('importing satchel/store touches no IndexedDB; opening a store says it is missing', async () => {
    expect((globalThis as { indexedDB?: unknown }).indexedDB).toBeUndefined();
    const error = await rejected(openIndexedDbStore());
    expect(error.code).toBe('STORE_FAILED');
    expect(error.message).toMatch(/IndexedDB is not available/);
  });
});
