// remoteSource({ lazy: true }) in Chromium, against the real HTTP servers of test/support/remote-server.global.ts:
// the index alone lists; each artifact is fetched by the page's fetch when its skill is read, with every check.
import { describe, expect, inject, it } from 'vitest';
import { remoteSource, SkillLoader, type SkillSource } from '../../../src/index.js';
import { codeOf } from '../../support/errors.js';

const origin = inject('remoteOrigin');

describe('remoteSource lazy in a browser', () => {
  it('lists every described entry by its metadata, and refuses each bad artifact when it is read', async () => {
    const s = remoteSource(`${origin}/s/index.json`, { trustedOrigins: [origin], lazy: true });
    const readSkill = s.readSkill as NonNullable<SkillSource['readSkill']>;
    const listing = await s.list();
    expect(listing.diagnostics).toEqual([]);
    expect(listing.entries.map((e) => [e.dir, e.lazy])).toEqual(
      ['away', 'good', 'linked', 'moved', 'packed', 'slip', 'tampered', 'zipped'].map((dir) => [dir, {}]),
    );
    expect((await readSkill('packed')).files?.map((f) => f.path)).toEqual(['references/guide.md']);
    expect(new TextDecoder().decode(await s.read('packed/references/guide.md'))).toBe('# Guide\n');
    expect([...(await s.read('zipped/assets/data.bin'))]).toEqual([0, 1, 2, 255]);
    expect((await readSkill('moved')).dir).toBe('moved');
    expect(await codeOf(readSkill('tampered'))).toBe('DIGEST_MISMATCH');
    expect(await codeOf(readSkill('away'))).toBe('UNTRUSTED_ORIGIN');
    expect(await codeOf(readSkill('slip'))).toBe('UNSAFE_PATH');
    expect(await codeOf(readSkill('linked'))).toBe('UNSAFE_PATH');
  });

  it('a loader reads only the skill it uses', async () => {
    const loader = new SkillLoader({ remote: remoteSource(`${origin}/s/index.json`, { trustedOrigins: [origin], lazy: true }) });
    await loader.loadAll();
    expect(loader.getAll().every((s) => s.loaded === false)).toBe(true);
    const [good] = await loader.ensureLoaded('good');
    expect(good?.loaded).toBeUndefined();
    expect(good?.content).not.toBe('');
    expect(loader.getAll().filter((s) => s.loaded === false)).toHaveLength(7);
  });
});
