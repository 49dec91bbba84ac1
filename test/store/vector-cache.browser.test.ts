// The IndexedDB vector cache on Chromium's own IndexedDB.
import { describe } from 'vitest';
import { describeVectorCacheContract } from './vector-cache-contract.js';

describe('indexedDbVectorCache in Chromium', () => describeVectorCacheContract(() => indexedDB));
