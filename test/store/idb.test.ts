// The IndexedDB store on fake-indexeddb: the store contract, failures and the schema upgrade.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openSkillStore } from '../../src/store/index.js';
import { describeStoreContract } from './contract.js';
import { describeEvolutionContract } from './evolution-contract.js';
import { describeIdbFailures } from './failures.js';

let n = 0;
describeEvolutionContract('IndexedDB (fake-indexeddb)', (options) =>
  openSkillStore({ ...options, indexedDB: new IDBFactory(), name: `evolution-${n++}`, persist: false }),
);
describeStoreContract('IndexedDB (fake-indexeddb)', (options) =>
  openSkillStore({ ...options, indexedDB: new IDBFactory(), name: `contract-${n++}`, persist: false }),
);
describeIdbFailures('fake-indexeddb', { factory: () => new IDBFactory() });
