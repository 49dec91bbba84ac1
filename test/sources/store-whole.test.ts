// Satchel's own stores know their size (`count`) and are read whole, page by page; a foreign `{ search }` store keeps
// the pleach seed's 50 unless `perNamespace` says otherwise.
import { describe, expect, it } from 'vitest';
import { SkillError, SkillLoader, type SkillStoreItem, type SkillStoreLike } from '../../src/index.js';
import { storeSource, STORE_PAGE_SIZE } from '../../src/sources/store.js';
import { createMemoryStore } from '../../src/store/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const items = (n: number): SkillStoreItem[] => Array.from({ length: n }, (_, i) => ({ key: `s${i}`, value: skillMd(`s${i}`) }));

/** A store that pages with limit/offset like Satchel's, records its calls, and may or may not know its size. */
function pagingStore(all: readonly SkillStoreItem[], count?: () => Promise<number | undefined>): SkillStoreLike & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    search(_ns, options = {}) {
      calls.push(options);
      const offset = options.offset ?? 0;
      return Promise.resolve(all.slice(offset, options.limit === undefined ? undefined : offset + options.limit));
    },
    ...(count ? { count } : {}),
  };
}

describe('a store that knows its size', () => {
  it('is read whole in pages, with no namespace-limit warning', async () => {
    const total = STORE_PAGE_SIZE * 2 + 30;
    const store = pagingStore(items(total), () => Promise.resolve(total));
    const { entries, diagnostics } = await storeSource(store, ['acme', 'skills']).list();
    expect(entries).toHaveLength(total);
    expect(diagnostics).toEqual([]);
    // Each page after the first names the key it follows, for a store that pages by key; this one counts `offset`.
    expect(store.calls).toEqual([
      { limit: STORE_PAGE_SIZE },
      { limit: STORE_PAGE_SIZE, offset: STORE_PAGE_SIZE, after: `s${STORE_PAGE_SIZE - 1}` },
      // The last page asks for one more than counted (a skill saved meanwhile); coming back short, it is the last.
      { limit: 31, offset: 2 * STORE_PAGE_SIZE, after: `s${2 * STORE_PAGE_SIZE - 1}` },
    ]);
  });

  it('reads a namespace of exactly one page in one search, not a second, empty one', async () => {
    const store = pagingStore(items(STORE_PAGE_SIZE), () => Promise.resolve(STORE_PAGE_SIZE));
    const { entries } = await storeSource(store, ['acme', 'skills']).list();
    expect(entries).toHaveLength(STORE_PAGE_SIZE);
    expect(store.calls).toEqual([{ limit: STORE_PAGE_SIZE + 1 }]);
  });

  it('reads a skill saved between count and search', async () => {
    const all = items(41);
    const store = pagingStore(all, () => Promise.resolve(40));
    const { entries, diagnostics } = await storeSource(store, ['acme', 'skills']).list();
    expect([entries.length, diagnostics]).toEqual([41, []]);
  });

  it('keeps an explicit perNamespace, and says what it left out', async () => {
    const store = pagingStore(items(130), () => Promise.resolve(130));
    const { entries, diagnostics } = await storeSource(store, ['acme', 'skills'], { perNamespace: 60 }).list();
    expect(entries).toHaveLength(60);
    expect(diagnostics.map((d) => d.code)).toEqual(['namespace-limit']);
  });

  it('is read as a foreign store when it does not know (count answers undefined)', async () => {
    const { entries, diagnostics } = await storeSource(
      pagingStore(items(130), () => Promise.resolve(undefined)),
      ['acme', 'skills'],
    ).list();
    expect(entries).toHaveLength(50);
    expect(diagnostics.map((d) => d.code)).toEqual(['namespace-limit']);
  });

  it('is read as a foreign store when count answers NOT_FOUND (a forwarding store over one without count)', async () => {
    const store = pagingStore(items(130), () => Promise.reject(new SkillError('NOT_FOUND', 'The store has no method count.')));
    const { entries, diagnostics } = await storeSource(store, ['acme', 'skills']).list();
    expect(entries).toHaveLength(50);
    expect(diagnostics.map((d) => d.code)).toEqual(['namespace-limit']);
  });

  it('stops paging a store that ignores offset instead of reading its first page again', async () => {
    const all = items(STORE_PAGE_SIZE + 20);
    const store: SkillStoreLike = { search: (_ns, o = {}) => Promise.resolve(all.slice(0, o.limit)), count: () => Promise.resolve(all.length) };
    const { entries, diagnostics } = await storeSource(store, ['acme', 'skills']).list();
    expect(entries).toHaveLength(STORE_PAGE_SIZE);
    expect(diagnostics.filter((d) => /repeats/.test(d.message))).toEqual([]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      `Namespace \`acme/skills\` counts ${STORE_PAGE_SIZE + 20} items but ${STORE_PAGE_SIZE} were read; the rest were not loaded.`,
    ]);
  });

  it('fails the listing with SOURCE_FAILED when count fails', async () => {
    const store = pagingStore(items(3), () => Promise.reject(new Error('disk gone')));
    expect((await rejected(storeSource(store, ['acme', 'skills']).list())).code).toBe('SOURCE_FAILED');
  });
});

describe('a foreign store', () => {
  it('keeps the seed default of 50 with a warning', async () => {
    const { entries, diagnostics } = await storeSource(pagingStore(items(130)), ['acme', 'skills']).list();
    expect(entries).toHaveLength(50);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['namespace-limit', 'warning']]);
  });
});

describe("a loader over Satchel's memory store", () => {
  it('loads all 130 of a user namespace after a reload', async () => {
    const store = createMemoryStore();
    for (let i = 0; i < 130; i++) await store.put(['acme', 'u1', 'skills'], skillMd(`user-skill-${i}`));
    expect(await store.count(['acme', 'u1', 'skills'])).toBe(130);
    const loader = new SkillLoader({ store });
    const skills = await loader.loadAll('acme', 'u1');
    expect(skills).toHaveLength(130);
    expect(loader.diagnostics.filter((d) => d.code === 'namespace-limit')).toEqual([]);
  });
});
