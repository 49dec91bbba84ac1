// Paged reads, on every store: `search` by pages (`offset`, or `after` the previous page's last key) gives exactly the
// items of one whole read, in the same name order (UTF-16 code units, beyond U+FFFF before U+E000–U+FFFF), across page
// boundaries, after puts, archives, restores and purges; `count` is the whole read's length; `storeSource` reads it all.
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { storeSource, STORE_PAGE_SIZE } from '../../src/sources/store.js';
import { createMemoryStore, type SkillStore, type StoreItem } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const ORG = ['acme', 'skills'];
// Unicode letters whose UTF-16 order is not their code point order: U+20000 (a surrogate pair) sorts before U+FA0E.
const NAMES = ['b\u{20000}', 'b\uFA0E', 'bz', 'b', 'é-notes', 'ab\uAC00', 'a-1', 'a-10', 'a-2', 'zeta', 'b\u{1D400}-x'];

/** Every page of `size`, chained by `after` or counted by `offset`, joined. */
async function paged(store: SkillStore, size: number, by: 'after' | 'offset'): Promise<StoreItem[]> {
  const all: StoreItem[] = [];
  for (;;) {
    const last = all.at(-1)?.key;
    const page = await store.search(ORG, by === 'after' && last !== undefined ? { limit: size, after: last } : { limit: size, offset: all.length });
    all.push(...page);
    if (page.length < size) return all;
  }
}

async function expectPagesMatch(store: SkillStore): Promise<void> {
  const whole = await store.search(ORG);
  expect(await store.count(ORG)).toBe(whole.length);
  const keys = whole.map((i) => i.key);
  expect(keys).toEqual([...keys].sort());
  for (const size of [1, 2, 3, 5, whole.length, whole.length + 1])
    for (const by of ['after', 'offset'] as const) expect(await paged(store, size, by), `pages of ${size} by ${by}`).toEqual(whole);
}

export function describePagingContract(label: string, make: StoreFactory): void {
  describe(`paged reads: ${label}`, () => {
    const fresh = closingStores(make);

    it('pages give exactly the items of one read, in name order, after puts, archives, restores and purges', async () => {
      const store = await fresh();
      for (const name of NAMES) await store.put(ORG, skillMd(name));
      await store.put(['acme', 'other'], skillMd('b-other'));
      const whole = await store.search(ORG);
      expect(whole.map((i) => i.key)).toEqual([...NAMES].sort());
      expect(whole.map((i) => i.key).indexOf('b\u{20000}')).toBeLessThan(whole.map((i) => i.key).indexOf('b\uFA0E'));
      await expectPagesMatch(store);
      await store.archive(ORG, 'bz');
      await store.archive(ORG, 'a-10');
      await store.purge(ORG, 'b');
      await store.put(ORG, skillMd('b', { body: 'Back after its purge.' }));
      await store.put(ORG, skillMd('a-2', { body: 'A second revision.' }));
      await expectPagesMatch(store);
      await store.restore(ORG, 'a-10');
      await store.purge(ORG, 'zeta');
      await expectPagesMatch(store);
      expect((await store.search(ORG)).map((i) => i.key)).not.toContain('bz');
    });

    it('a page after a key that names no skill starts at the next name; offset past the end is empty', async () => {
      const store = await fresh();
      for (const name of ['a-skill', 'c-skill', 'e-skill']) await store.put(ORG, skillMd(name));
      expect((await store.search(ORG, { limit: 5, after: 'b' })).map((i) => i.key)).toEqual(['c-skill', 'e-skill']);
      expect((await store.search(ORG, { limit: 1, after: 'c-skill' })).map((i) => i.key)).toEqual(['e-skill']);
      expect(await store.search(ORG, { limit: 5, after: 'e-skill' })).toEqual([]);
      expect(await store.search(ORG, { offset: 3 })).toEqual([]);
      expect((await store.search(ORG, { limit: 0 })).length).toBe(0);
    });

    it(`storeSource reads a namespace over ${STORE_PAGE_SIZE} skills whole, every page after the last key`, async () => {
      const total = STORE_PAGE_SIZE * 2 + 7;
      const memory = createMemoryStore();
      for (let i = 0; i < total; i++) await memory.put(ORG, skillMd(`skill-${String(i).padStart(4, '0')}`));
      const store = await fresh();
      await store.importNamespace(await memory.exportNamespace(ORG), { namespace: ORG });
      await store.archive(ORG, 'skill-0499');
      const calls: unknown[] = [];
      const watched = { search: (ns: string[], o?: object) => (calls.push(o), store.search(ns, o)), count: (ns: string[]) => store.count(ns) };
      const { entries, diagnostics } = await storeSource(watched, ORG).list();
      expect(diagnostics).toEqual([]);
      expect(entries.map((e) => e.dir)).toEqual((await store.search(ORG)).map((i) => i.key));
      expect(entries).toHaveLength(total - 1);
      expect(calls).toEqual([
        { limit: STORE_PAGE_SIZE },
        { limit: STORE_PAGE_SIZE, offset: STORE_PAGE_SIZE, after: 'skill-0500' },
        { limit: total - 1 - 2 * STORE_PAGE_SIZE + 1, offset: 2 * STORE_PAGE_SIZE, after: 'skill-1000' },
      ]);
      const loader = new SkillLoader({ store, limits: { maxSkills: total } });
      await loader.loadAll('acme');
      expect(loader.size).toBe(total - 1);
      memory.close();
    });
  });
}
