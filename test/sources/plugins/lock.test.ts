// plugins.lock read and written, and resolved against an index served over HTTP on 127.0.0.1: a pin that still fits is
// kept, a selection outside it re-resolved to the highest match, a republished version refused, unselected pins dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePluginLock, serializePluginLock, type PluginLock } from '../../../src/sources/plugins/lock.js';
import { resolvePluginLock } from '../../../src/sources/plugins/resolve-lock.js';
import { rejected, thrown } from '../../support/errors.js';
import { startServer, type TestServer } from '../../support/http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const digest = (n: number): string => `sha256:${n.toString(16).padStart(64, '0')}`;
const published = (versions: Record<string, number>): void =>
  void server.routes.set('/index.json', {
    body: JSON.stringify({
      skills: [],
      plugins: Object.entries(versions).map(([v, d]) => ({ name: 'finance', version: v, type: 'archive', url: `p/finance-${v}.tar.gz`, digest: digest(d) })),
    }),
  });
const selection = (version: string): { name: string; source: string; version: string } => ({ name: 'finance', source: server.url('/index.json'), version });

describe('plugins.lock', () => {
  it('reads what serializePluginLock writes, sorted by name, and refuses a malformed lock naming the entry', () => {
    const entry = (name: string) => ({ name, version: '1.0.0', url: 'https://a.example/x.tar.gz', digest: digest(1), source: 'https://a.example/index.json' });
    const text = serializePluginLock({ plugins: [entry('zeta'), entry('alpha')] });
    expect(parsePluginLock(text).plugins.map((p) => p.name)).toEqual(['alpha', 'zeta']);
    expect(serializePluginLock(parsePluginLock(text))).toBe(text);
    expect(thrown(() => parsePluginLock('{"lockfileVersion":2,"plugins":[]}', 'app/plugins.lock')).message).toBe(
      'app/plugins.lock: `lockfileVersion` is 2; this reader knows 1.',
    );
    expect(thrown(() => parsePluginLock(JSON.stringify({ lockfileVersion: 1, plugins: [{ ...entry('a'), version: '^1.0.0' }] }))).message).toBe(
      'plugins.lock: plugins[0] ("a") has no exact `version`.',
    );
    expect(thrown(() => parsePluginLock(JSON.stringify({ lockfileVersion: 1, plugins: [entry('a'), entry('a')] }))).code).toBe('INVALID_INPUT');
  });

  it('pins the highest match, keeps a pin that still fits over a newer version, and re-resolves one outside the range', async () => {
    published({ '1.0.0': 1, '1.1.0': 2, '2.0.0': 3 });
    const first = await resolvePluginLock([selection('^1.0.0')], undefined);
    expect(first.problems).toEqual([]);
    expect(first.lock.plugins).toEqual([
      { name: 'finance', version: '1.1.0', url: server.url('/p/finance-1.1.0.tar.gz'), digest: digest(2), source: server.url('/index.json') },
    ]);
    published({ '1.0.0': 1, '1.1.0': 2, '1.2.0': 4, '2.0.0': 3 });
    const kept = await resolvePluginLock([selection('^1.0.0')], first.lock);
    expect(kept.plugins).toEqual([{ name: 'finance', version: '1.1.0', digest: digest(2), how: 'kept' }]);
    const moved = await resolvePluginLock([selection('^2.0.0')], first.lock);
    expect(moved.plugins[0]).toMatchObject({ version: '2.0.0', how: 'changed', reason: expect.stringContaining('outside the selected ^2.0.0') });
    expect((await resolvePluginLock([], first.lock)).lock.plugins).toEqual([]);
    // The pinned bytes moved to another URL: the pin follows them, and does not take the newer 1.2.0.
    const relocated = { ...first.lock, plugins: first.lock.plugins.map((p) => ({ ...p, url: server.url('/old/finance.tar.gz') })) };
    const followed = await resolvePluginLock([selection('^1.0.0')], relocated);
    expect(followed.lock).toEqual(first.lock);
    expect(followed.plugins[0]).toMatchObject({ version: '1.1.0', how: 'changed', reason: expect.stringContaining('(the same digest)') });
  });

  it('refuses a pinned version its index now publishes with another digest, and says what an index has when nothing matches', async () => {
    published({ '1.1.0': 2 });
    const lock: PluginLock = (await resolvePluginLock([selection('1.1.0')], undefined)).lock;
    published({ '1.1.0': 9 });
    const again = await resolvePluginLock([selection('1.1.0')], lock);
    expect(again.problems[0]).toContain('now publishes digest');
    expect(again.lock).toEqual(lock);
    const none = await resolvePluginLock([selection('^5.0.0')], undefined);
    expect(none.problems).toEqual([`plugin finance: ${server.url('/index.json')} publishes 1.1.0; none satisfies ^5.0.0`]);
    server.routes.delete('/index.json');
    expect((await resolvePluginLock([selection('1.1.0')], lock)).problems[0]).toContain('could not be read (NOT_FOUND)');
    expect((await rejected(resolvePluginLock([selection('1.1.0')], lock, { signal: AbortSignal.abort() }))).code).toBe('ABORTED');
  });
});
