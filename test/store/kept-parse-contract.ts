// Skills kept parsed, on every store: a loader over the store takes each skill as the store parsed it when it was
// written, and gets the same skills, digests, diagnostics and routing as a loader that parses every SKILL.md (the same
// store behind a wrapper that copies each value, which drops the store's mark); so does a loader with other limits.
import { describe, expect, it } from 'vitest';
import { generateSkills } from '../../bench/generate.js';
import { SkillLoader } from '../../src/loader/loader.js';
import type { SkillStoreLike } from '../../src/sources/store.js';
import type { SkillInput, SkillStore } from '../../src/store/index.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const ORG = ['acme', 'skills'];
const QUERIES = ['convert invoices to csv', 'review a pull request', 'summarise the meeting notes', 'deploy the service', 'résumé'];

/** Skills of every kind a parse can differ on: resources, warnings, a BOM, CRLF, a structured body, non-JSON YAML, bytes. */
export function keptParseSkills(): SkillInput[] {
  const generated = generateSkills(40, { seed: 31, references: { rate: 0.5, max: 3 } }).map((g) => ({
    'SKILL.md': g.text,
    ...Object.fromEntries(g.files.map((f) => [f.path, f.content])),
  }));
  const long = Array.from({ length: 520 }, (_, i) => `Line ${i + 1}.`).join('\n');
  return [
    ...generated,
    skillMd('warned-skill', { front: 'x-team: billing\ncolor: blue\n', body: long }),
    `\uFEFF${skillMd('bom-skill', { body: 'Kept with its byte-order mark.' })}`,
    skillMd('crlf-skill', { body: 'Line one.\r\nLine two.' }).replace(/\n/g, '\r\n'),
    skillMd('odd-yaml', { front: 'x-inf: .inf\nx-minus-zero: -0.0\n', body: 'Numbers JSON cannot carry.' }),
    {
      'SKILL.md': skillMd('structured-skill', { front: { metadata: { 'body-format': 'structured' } }, body: 'Ignored body.' }),
      'sections/purpose.md': 'Why it exists.',
      'sections/workflow.md': '1. Do it.',
      'sections/notes.md': 'Not a section.',
    },
    { 'SKILL.md': skillMd('binary-skill', { body: 'Has bytes.' }), 'assets/logo.bin': new Uint8Array([0, 1, 2, 255]), 'a/b/c/d/e/f/g/deep.md': 'Deep.' },
  ];
}

/** The same store behind a wrapper whose values are copies: nothing the store marked reaches the loader. */
export function parsingView(store: SkillStoreLike): SkillStoreLike {
  return {
    search: async (ns, o) => (await store.search(ns, o)).map((i) => ({ ...i, value: { ...(i.value as object) } })),
    count: (ns) => store.count?.(ns) ?? Promise.resolve(undefined),
  };
}

/** Namespace `ns` of `store` as the org tier a loader reads with `loadAll('acme')`. */
const asOrg = (store: SkillStore, ns: string[]): SkillStoreLike => ({ search: (_n, o) => store.search(ns, o), count: () => store.count(ns) });

async function loaded(store: SkillStoreLike, limits = {}): Promise<SkillLoader> {
  const loader = new SkillLoader({ store, limits });
  await loader.loadAll('acme');
  return loader;
}

/** What a load gives, in a form that also compares key order. */
const view = (loader: SkillLoader) => ({
  skills: JSON.stringify(loader.getAll()),
  digests: loader.getAll().map((s) => s.digest),
  diagnostics: loader.diagnostics,
  routes: QUERIES.map((q) => loader.route(q).map((r) => [r.skill.name, r.score])),
  // Who wrote each skill reaches the loader through its origin (`writtenBy`), on the fast path as on the parse.
  provenance: loader.getAll().map((s) => loader.provenance(s.name)),
});

export function describeKeptParseContract(label: string, make: StoreFactory): void {
  describe(`skills kept parsed: ${label}`, () => {
    const fresh = closingStores(make);

    it('a load takes the kept skills and gets what parsing every SKILL.md gives', async () => {
      const store = await fresh();
      for (const skill of keptParseSkills()) await store.put(ORG, skill);
      const fast = await loaded(store);
      const slow = await loaded(parsingView(store));
      // A second load over the same store gets skills of its own (equal, not the same objects as the first's).
      const again = await loaded(store);
      expect(again.getAll()).toEqual(fast.getAll());
      expect(again.getAll().some((s, i) => s === fast.getAll()[i])).toBe(false);
      expect(fast.size).toBe(keptParseSkills().length);
      expect(fast.getAll()).toEqual(slow.getAll());
      expect(view(fast)).toEqual(view(slow));
      expect(fast.getByName('odd-yaml')?.extensions).toEqual({ 'x-inf': Infinity, 'x-minus-zero': -0 });
      // A SKILL.md written with a byte-order mark is stored and read back with it, head and history alike.
      expect((await store.get(ORG, 'bom-skill'))?.text.charCodeAt(0)).toBe(0xfeff);
      expect((await store.history(ORG, 'bom-skill'))[0]?.text.charCodeAt(0)).toBe(0xfeff);
      expect(fast.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['body-long', 'bom', 'structured-unknown-section']));
      // Under other limits the kept parse does not stand for a parse: the store's skills are parsed, to the same result.
      const other = await loaded(store, { maxNesting: 5 });
      expect(other.getAll()).toEqual((await loaded(parsingView(store), { maxNesting: 5 })).getAll());
      expect(other.size).toBeGreaterThan(keptParseSkills().length - 3);
    });

    it('every write keeps the parse of what it leaves: rollback, archive and restore, import, an approval', async () => {
      const store = await fresh({ mutability: 'approval-gated' });
      await store.put(ORG, skillMd('moving', { body: 'First.' }));
      await store.put(ORG, skillMd('moving', { body: 'Second.', front: 'x-extra: yes\n' }));
      await store.rollback(ORG, 'moving', 1);
      await store.put(ORG, skillMd('parked'));
      await store.archive(ORG, 'parked');
      await store.restore(ORG, 'parked');
      await store.put(ORG, skillMd('proposed', { body: 'By an agent.' }), { actor: 'agent' });
      const [pending] = await store.proposals(ORG);
      await store.approve(pending?.id ?? 'none');
      await store.importNamespace(await store.exportNamespace(ORG), { namespace: ['acme', 'copy', 'skills'] });
      for (const ns of [ORG, ['acme', 'copy', 'skills']]) {
        const fast = await loaded(asOrg(store, ns));
        const slow = await loaded(parsingView(asOrg(store, ns)));
        expect(fast.getAll().map((s) => s.name)).toEqual(['moving', 'parked', 'proposed']);
        expect(view(fast)).toEqual(view(slow));
        expect(fast.getAll().map((s) => fast.provenance(s.name)?.origin)).toEqual(['org', 'org', 'agent']);
        expect(fast.getByName('moving')?.content).toBe('First.');
      }
    });
  });
}
