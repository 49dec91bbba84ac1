// The IndexedDB store in real Chromium: the store contract, failures and the schema upgrade, on the browser's own IndexedDB.
import { afterAll } from 'vitest';
import { openIndexedDbStore } from '../../src/store/index.js';
import { describeStoreContract } from './store-contract.js';
import { describeEvolutionContract } from './evolution-contract.js';
import { describeIdbFailures } from './failures.js';
import { describeArgumentsContract } from './arguments-contract.js';
import { describeExportChecksContract } from './export-checks-contract.js';
import { describeGrowthContract } from './growth-contract.js';
import { describeLearnedContract } from './learned-contract.js';
import { describeSelfImprovementContract } from './self-improvement-contract.js';
import { describeSafetyContract } from './safety-contract.js';
import { rawDelete } from '../support/raw-idb.js';

const names: string[] = [];
afterAll(async () => {
  for (const name of names) await rawDelete(indexedDB, name);
});

let n = 0;
describeStoreContract('IndexedDB (Chromium)', (options) => {
  const name = `satchel-contract-${Date.now()}-${n++}`;
  names.push(name);
  return openIndexedDbStore({ ...options, name, persist: false });
});
describeEvolutionContract('IndexedDB (Chromium)', (options) => {
  const name = `satchel-evolution-${Date.now()}-${n++}`;
  names.push(name);
  return openIndexedDbStore({ ...options, name, persist: false });
});
for (const [describeContract, prefix] of [
  [describeExportChecksContract, 'export-checks'],
  [describeArgumentsContract, 'arguments'],
  [describeGrowthContract, 'growth'],
  [describeLearnedContract, 'learned'],
  [describeSelfImprovementContract, 'self-improvement'],
  [describeSafetyContract, 'safety'],
] as const) {
  describeContract('IndexedDB (Chromium)', (options) => {
    const name = `satchel-${prefix}-${Date.now()}-${n++}`;
    names.push(name);
    return openIndexedDbStore({ ...options, name, persist: false });
  });
}
describeIdbFailures('Chromium', { factory: () => indexedDB });
