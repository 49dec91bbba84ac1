// The IndexedDB store in real Chromium: the store contract, failures and the schema upgrade, on the browser's own IndexedDB.
import { afterAll } from 'vitest';
import { openSkillStore } from '../../src/store/index.js';
import { describeStoreContract } from './contract.js';
import { describeEvolutionContract } from './evolution-contract.js';
import { describeIdbFailures } from './failures.js';
import { rawDelete } from './raw-idb.js';

const names: string[] = [];
afterAll(async () => {
  for (const name of names) await rawDelete(indexedDB, name);
});

let n = 0;
describeStoreContract('IndexedDB (Chromium)', (options) => {
  const name = `satchel-contract-${Date.now()}-${n++}`;
  names.push(name);
  return openSkillStore({ ...options, name, persist: false });
});
describeEvolutionContract('IndexedDB (Chromium)', (options) => {
  const name = `satchel-evolution-${Date.now()}-${n++}`;
  names.push(name);
  return openSkillStore({ ...options, name, persist: false });
});
describeIdbFailures('Chromium', { factory: () => indexedDB });
