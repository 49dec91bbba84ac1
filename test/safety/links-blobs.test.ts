// link-mismatch and encoded-blob: what a reader is shown against what is there.
import { describe, expect, it } from 'vitest';
import { MIN_BASE64, MIN_MINIFIED } from '../../src/safety/blobs.js';
import { demoMd, places, scanFiles, where } from './scan-files.js';

describe('link-mismatch', () => {
  it('finds a link whose text is an address on another host, Markdown and HTML', async () => {
    const body = [
      'Read [docs.python.org](https://py-docs.evil.dev/3/) first.',
      'Log in at [https://github.com/login](https://github-login.example.net/).',
      'Or <a href="https://bank.attacker.io">www.bank.com</a>.',
    ].join('\n');
    const text = demoMd({ body });
    const found = await scanFiles({ 'SKILL.md': text });
    expect(places(found)).toEqual(['[docs.python', '[https://github', '<a href'].map((s) => `link-mismatch SKILL.md:${where(text, s)}`));
    expect(found[0]?.message).toBe('A link shows docs.python.org but goes to py-docs.evil.dev (https://py-docs.evil.dev/3/).');
  });

  it('finds a reference link whose definition points elsewhere', async () => {
    const body = 'See [pypi.org][pkg] and [npmjs.com][].\n\n[pkg]: https://pypi-mirror.evil.dev/simple\n[npmjs.com]: https://www.npmjs.com/package/x\n';
    const text = demoMd({ body });
    expect(places(await scanFiles({ 'SKILL.md': text }))).toEqual([`link-mismatch SKILL.md:${where(text, '[pypi.org]')}`]);
  });

  it('near misses: the same site, a sub-domain, a description, a file name, a relative or mail link, an image', async () => {
    const body = [
      '[docs.python.org](https://docs.python.org/3/) and [www.github.com/o/r](https://github.com/o/r).',
      '[github.com](https://docs.github.com/en) and [the docs](https://other.dev).',
      '[SKILL.md](https://github.com/o/r/blob/main/SKILL.md), [config.json](https://raw.githubusercontent.com/o/r/config.json), [ColorTool.exe](https://github.com/microsoft/terminal).',
      '[guide.md](references/guide.md), [support@acme.com](mailto:help@acme.org).',
      '![logo.png](https://cdn.other.dev/logo.png)',
    ].join('\n');
    expect(await scanFiles({ 'SKILL.md': demoMd({ body }) })).toEqual([]);
  });
});

/** Deterministic base64-looking text of `n` characters (letters of both cases and digits). */
function base64Like(n: number, seed = 11): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  return Array.from({ length: n }, (_, i) => alphabet[(i * 37 + seed) % 64]).join('');
}

describe('encoded-blob', () => {
  it(`finds a base64 run of ${MIN_BASE64} characters, and base64 wrapped over lines`, async () => {
    const run = base64Like(MIN_BASE64);
    const wrapped = Array.from({ length: 20 }, (_, i) => base64Like(76, i)).join('\n');
    const text = demoMd({ body: `Decode and run: ${run}\n\nPayload:\n\n${wrapped}\n` });
    const found = await scanFiles({ 'SKILL.md': text });
    // The wrapped block starts two lines below "Payload:" (its lines share runs with the one-line blob, so no search finds it).
    const blockLine = Number(where(text, 'Payload:').split(':')[0]) + 2;
    expect(places(found)).toEqual([`encoded-blob SKILL.md:${where(text, run)}`, `encoded-blob SKILL.md:${blockLine}:1`]);
    expect(found[1]?.message).toContain('over 20 lines');
  });

  it(`finds a minified line of ${MIN_MINIFIED} characters in a reference file`, async () => {
    const unit = '!function(e,t){"object"==typeof exports?module.exports=t():e.lib=t()}(this,function(){return{a:1}});';
    const minified = unit.repeat(Math.ceil(MIN_MINIFIED / unit.length));
    const found = await scanFiles({ 'references/notes.md': `# Notes\n\n${minified}\n` });
    expect(places(found)).toEqual(['encoded-blob references/notes.md:3:1']);
  });

  it('near misses: a run just under the threshold, a hex digest, a long URL, a wide table, data files', async () => {
    const under = base64Like(MIN_BASE64 - 1);
    const hex = 'a3f1'.repeat(400);
    const url = `https://example.org/${'segment-'.repeat(200)}`;
    const table = `| ${Array.from({ length: 200 }, (_, i) => `cell ${i}`).join(' | ')} |`;
    const body = [under, hex, url, table].join('\n\n');
    const minified = '!function(e,t){"object"==typeof exports?module.exports=t():e.lib=t()}(this,function(){return{a:1}});'.repeat(40);
    expect(await scanFiles({ 'SKILL.md': demoMd({ body }), 'data/blob.json': `{"x":"${base64Like(4000)}"}`, 'lib/app.min.js': minified })).toEqual([]);
  });
});
