// The IndexedDB vector cache on fake-indexeddb (the same cases run in Chromium: vector-cache.browser.test.ts).
// idb's wrappers check results against the global IDB classes: the auto import installs fake-indexeddb's.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe } from 'vitest';
import { describeVectorCacheContract } from './vector-cache-contract.js';

describe('indexedDbVectorCache on fake-indexeddb', () => describeVectorCacheContract(() => new IDBFactory()));
