// The memory store passes the store contract.
import { createMemoryStore } from '../../src/store/index.js';
import { describeStoreContract } from './contract.js';

describeStoreContract('memory', async (options) => createMemoryStore(options));
