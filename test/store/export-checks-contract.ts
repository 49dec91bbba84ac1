// What a namespace export may not do to a store, alike on every SkillStore: rewrite history, merge skills, crash the
// import, drop a file or a usage entry unseen (issue 24, item 2).
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse.js';
import { canonicalJson, sha256Digest } from '../../src/shared/hash.js';
import { exportDigest, type NamespaceExport } from '../../src/store/index.js';
import { codeOf, rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';
import { closingStores, type StoreFactory } from './store-contract.js';

const USER = ['acme', 'ann', 'skills'];
const alpha = skillMd('alpha', { body: 'First.' });

/** A JSON-ready copy of an export, to edit. */
type Editable = { -readonly [K in keyof NamespaceExport]: any };
const editable = (exported: NamespaceExport): Editable => JSON.parse(JSON.stringify(exported)) as Editable;
/** `doc` carrying the digest the store computes for it. */
const sealed = (doc: Editable): NamespaceExport => ({ ...doc, digest: exportDigest(doc as NamespaceExport) }) as NamespaceExport;
/**
 * `doc` as version 1, sealed with a digest computed by hand: what a crafted file carries, whatever its fields hold
 * (version 1 so that a store before these checks would have read it too).
 */
function sealedV1(doc: Editable): NamespaceExport {
  const listed = doc.skills.map((s: Editable['skills'][number]) => [
    s.name,
    s.state,
    s.revisions.map((r: { revision: unknown; digest: unknown }) => [r.revision, r.digest]),
  ]);
  return { ...doc, version: 1, digest: sha256Digest(canonicalJson(listed)) } as NamespaceExport;
}

/** A list nested `depth` deep around `'x'`. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

export function describeExportChecksContract(label: string, make: StoreFactory): void {
  describe(`export checks contract: ${label}`, () => {
    const fresh = closingStores(make);
    const exportOf = async (...texts: string[]): Promise<Editable> => {
      const store = await fresh();
      for (const text of texts) await store.put(USER, text);
      return editable(await store.exportNamespace(USER));
    };
    /** Imports `doc` into a fresh store: the error code, and whether anything was written. */
    const refusal = async (doc: unknown): Promise<{ code: string | undefined; written: number }> => {
      const store = await fresh();
      const code = await codeOf(store.importNamespace(doc as NamespaceExport));
      return { code, written: (await store.list(USER)).length + (await store.auditLog(USER)).length };
    };

    it('refuses revision numbers past the bound, so puts after an import always add a revision', async () => {
      const doc = await exportOf(alpha);
      for (const revision of [2 ** 53, 1e308, 2 ** 31, 0, 1.5, -1]) {
        doc.skills[0].revisions[0].revision = revision;
        expect(await refusal(sealedV1(doc)), String(revision)).toEqual({ code: 'INVALID_INPUT', written: 0 });
      }
      doc.skills[0].revisions[0].revision = 2 ** 31 - 2;
      const store = await fresh();
      await store.importNamespace(sealedV1(doc));
      expect(await store.put(USER, skillMd('alpha', { body: 'Second.' }))).toMatchObject({ revision: 2 ** 31 - 1 });
      const past = await rejected(store.put(USER, skillMd('alpha', { body: 'Third.' })));
      expect(past.code).toBe('LIMIT_EXCEEDED');
      expect((await store.history(USER, 'alpha')).map((r) => r.revision)).toEqual([2 ** 31 - 2, 2 ** 31 - 1]);
    });

    it('refuses an export that lists one skill twice instead of merging them', async () => {
      const doc = await exportOf(alpha, skillMd('alpha', { body: 'Second.' }));
      const [first] = doc.skills;
      doc.skills = [
        { ...first, revisions: first.revisions.slice(0, 1) },
        { ...first, revisions: first.revisions.slice(1) },
      ];
      const { code, written } = await refusal(sealedV1(doc));
      expect([code, written]).toEqual(['INVALID_INPUT', 0]);
      const error = await rejected((await fresh()).importNamespace(sealedV1(doc)));
      expect(error.message).toMatch(/lists skill "alpha" twice/);
    });

    it('checks every field’s type before hashing: malformed revisions and deep nesting are INVALID_INPUT', async () => {
      const doc = await exportOf(alpha);
      const revision = doc.skills[0].revisions[0];
      const cases: [string, (d: Editable) => void][] = [
        ['revisions: [null]', (d) => (d.skills[0].revisions = [null])],
        ['a state nested 50,000 deep', (d) => (d.skills[0].state = nested(50_000))],
        ['a revision digest nested 50,000 deep', (d) => (d.skills[0].revisions[0].digest = nested(50_000))],
        ['the export digest nested 50,000 deep', (d) => (d.digest = nested(50_000))],
        ['a skill that is a number', (d) => (d.skills = [7])],
        ['files as a list', (d) => (d.skills[0].revisions[0] = { ...revision, files: ['a.md'] })],
        ['a file that is a number', (d) => (d.skills[0].revisions[0] = { ...revision, files: { 'a.md': 5 } })],
        ['an actor without a kind', (d) => (d.skills[0].revisions[0] = { ...revision, actor: { id: 'x' } })],
        ['an unknown action', (d) => (d.skills[0].revisions[0] = { ...revision, action: 'delete' })],
        ['a usage entry nested deep', (d) => (d.usage = [{ name: 'alpha', reason: nested(50_000) }])],
      ];
      for (const [what, edit] of cases) {
        const bad = editable(doc as NamespaceExport);
        edit(bad);
        expect(await refusal(bad), what).toEqual({ code: 'INVALID_INPUT', written: 0 });
        if (what.includes('export digest')) continue;
        expect(() => exportDigest(bad as NamespaceExport), what).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
      }
    });

    it('refuses a file named __proto__ rather than dropping it, in an export and in a put', async () => {
      // The revision's digest is the skill without the file, as a store that dropped it would have computed.
      const text = JSON.stringify(sealedV1(await exportOf(alpha))).replace('"files":{}', '"files":{"__proto__":"hidden"}');
      expect(await refusal(text)).toEqual({ code: 'INVALID_INPUT', written: 0 });
      const store = await fresh();
      const folder = JSON.parse(`{"SKILL.md": ${JSON.stringify(alpha)}, "__proto__": "hidden"}`) as Record<string, string>;
      expect(await codeOf(store.put(USER, folder))).toBe('UNSAFE_PATH');
      expect(await store.list(USER)).toEqual([]);
    });

    it('exportDigest is the digest the store writes and checks; it covers usage', async () => {
      const store = await fresh();
      await store.put(USER, alpha);
      await store.recordUsage(USER, [{ name: 'alpha', outcome: 'success', at: '2026-01-01T00:00:00.000Z' }]);
      const exported = await store.exportNamespace(USER);
      expect(exported.version).toBe(2);
      expect(exportDigest(exported)).toBe(exported.digest);
      expect(exportDigest(JSON.stringify(exported))).toBe(exported.digest);
      const tampered = editable(exported);
      tampered.usage[0].outcome = 'failure';
      expect(await refusal(tampered)).toEqual({ code: 'DIGEST_MISMATCH', written: 0 });
      const added = editable(exported);
      added.usage.push({ name: 'alpha', kind: 'activation', at: '2026-01-02T00:00:00.000Z', outcome: 'success' });
      expect((await refusal(added)).code).toBe('DIGEST_MISMATCH');
      const other = await fresh();
      await other.importNamespace(sealed(tampered));
      expect((await other.usage(USER)).map((u) => u.outcome)).toEqual(['failure']);
    });

    it('a version 1 export (digest over the skills alone) still imports', async () => {
      const doc = await exportOf(alpha);
      const v1 = sealedV1({ ...doc, usage: [{ name: 'alpha', kind: 'activation', at: '2026-01-01T00:00:00.000Z' }] });
      expect(exportDigest(v1)).toBe(v1.digest);
      expect(exportDigest({ ...v1, version: 2 })).not.toBe(v1.digest);
      const store = await fresh();
      const imported = await store.importNamespace(v1);
      expect(imported).toEqual([{ name: 'alpha', revision: 1, digest: parseSkill(alpha).skill?.digest }]);
      expect(await store.usage(USER)).toHaveLength(1);
    });

    it('usage in an export is bounded by the store’s usageCap: past it the import is refused, nothing written', async () => {
      const doc = await exportOf(alpha);
      doc.usage = Array.from({ length: 4 }, (_, i) => ({ name: 'alpha', kind: 'activation', at: `2026-01-0${i + 1}T00:00:00.000Z` }));
      const small = await fresh({ usageCap: 3 });
      const error = await rejected(small.importNamespace(sealed(doc)));
      expect(error.code).toBe('LIMIT_EXCEEDED');
      expect(error.message).toMatch(/4 usage entries.*at most 3.*usageCap/);
      expect([await small.list(USER), await small.usage(USER)]).toEqual([[], []]);
      const roomy = await fresh({ usageCap: 4 });
      await roomy.importNamespace(sealed(doc));
      expect(await roomy.usage(USER)).toHaveLength(4);
      doc.usage = [{ name: 'x'.repeat(201) }];
      expect(await refusal(doc)).toEqual({ code: 'INVALID_INPUT', written: 0 });
    });
  });
}
