// The IndexedDB store on fake-indexeddb: the store contract, failures and the schema upgrade.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openIndexedDbStore } from '../../src/store/index.js';
import { describeStoreContract } from './store-contract.js';
import { describeEvolutionContract } from './evolution-contract.js';
import { describeIdbFailures } from './failures.js';
import { describeArgumentsContract } from './arguments-contract.js';
import { describeExportChecksContract } from './export-checks-contract.js';
import { describeGrowthContract } from './growth-contract.js';
import { describeLearnedContract } from './learned-contract.js';
import { describeSelfImprovementContract } from './self-improvement-contract.js';
import { describePagingContract } from './paging-contract.js';
import { describeKeptParseContract } from './kept-parse-contract.js';
import { describeSafetyContract } from './safety-contract.js';

let n = 0;
describeEvolutionContract('IndexedDB (fake-indexeddb)', (options) =>
  openIndexedDbStore({ ...options, indexedDB: new IDBFactory(), name: `evolution-${n++}`, persist: false }),
);
describeStoreContract('IndexedDB (fake-indexeddb)', (options) =>
  openIndexedDbStore({ ...options, indexedDB: new IDBFactory(), name: `contract-${n++}`, persist: false }),
);
for (const [describeContract, prefix] of [
  [describeExportChecksContract, 'export-checks'],
  [describeArgumentsContract, 'arguments'],
  [describeGrowthContract, 'growth'],
  [describeLearnedContract, 'learned'],
  [describeSelfImprovementContract, 'self-improvement'],
  [describePagingContract, 'paging'],
  [describeKeptParseContract, 'kept-parse'],
  [describeSafetyContract, 'safety'],
] as const) {
  describeContract('IndexedDB (fake-indexeddb)', (options) =>
    openIndexedDbStore({ ...options, indexedDB: new IDBFactory(), name: `${prefix}-${n++}`, persist: false }),
  );
}
describeIdbFailures('fake-indexeddb', { factory: () => new IDBFactory() });
