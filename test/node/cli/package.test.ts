// The package as npm packs it: `prepack` builds dist/, bin/satchel.js in a checkout never built says to build (no
// stack trace), and the built `satchel mcp` takes the limit flags the other commands take, --max-catalog-bytes too.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillMd } from '../../support/skill-md.js';
import { tempTrees } from '../../support/temp-trees.js';
import { packSatchel, type PackedSatchel } from './packed.js';

const tree = tempTrees('satchel-cli-package-');
const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
let packed: PackedSatchel;

beforeAll(async () => {
  packed = await packSatchel();
}, 120_000);

afterAll(async () => {
  await packed?.remove();
});

describe('the package', () => {
  it('bin/satchel.js before a build says to build, in one line, and exits 1', () => {
    expect(packed.beforeBuild).toEqual({
      code: 1,
      out: '',
      err: 'satchel: the command is not built yet (dist/node/cli/index.js is missing); run `npm run build` first.\n',
    });
  });

  it('npm pack builds first: the tarball holds the bin and the built CLI, and the bin runs', async () => {
    expect(packed.files).toEqual(expect.arrayContaining(['bin/satchel.js', 'dist/node/cli/index.js', 'dist/node/index.d.ts', 'package.json']));
    expect(packed.files.filter((f) => f.startsWith('src/'))).toEqual([]);
    expect(await packed.satchel(await tree(), ['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });
});

describe('satchel mcp, built', () => {
  const files = { 'skills/refunds/SKILL.md': skillMd('refunds', { description: 'Decide refunds under the store policy.' }) };

  it('takes every limit flag validate takes, and --max-catalog-bytes', async () => {
    const root = await tree(files);
    const flagsOf = async (command: string): Promise<string[]> =>
      [...(await packed.satchel(root, [command, '--help'])).out.matchAll(/--max-[a-z-]+/g)].map((m) => m[0]);
    const mcp = await flagsOf('mcp');
    expect(mcp).toEqual(expect.arrayContaining([...(await flagsOf('validate')), '--max-catalog-bytes']));
    // stdin is closed at once, so each server ends as soon as it serves.
    for (const flag of mcp) {
      const run = await packed.satchel(root, ['mcp', flag, '1000000', 'skills']);
      expect([flag, run.code, run.err]).toEqual([flag, 0, 'satchel mcp: serving 1 skill over stdio\n']);
    }
  }, 60_000);

  it('--max-catalog-bytes bounds the catalog the server offers', async () => {
    const root = await tree(files);
    const catalogWith = async (...flags: string[]): Promise<string> => {
      const transport = new StdioClientTransport({ command: process.execPath, args: [packed.bin, 'mcp', ...flags, root], stderr: 'pipe' });
      const client = new Client({ name: 'package-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const read = await client.readResource({ uri: 'skills://catalog' }).catch((e: Error) => ({ contents: [{ text: e.message }] }));
        const [first] = read.contents;
        return first !== undefined && 'text' in first ? String(first.text) : '';
      } finally {
        await client.close();
      }
    };
    expect(await catalogWith()).toContain('- refunds: Decide refunds under the store policy.');
    // Fitted, never refused: at 100 bytes not even the paragraph fits, so the last line alone says what skills.search finds.
    expect(await catalogWith('--max-catalog-bytes', '100')).toBe('1 more skill is not listed; the `skills.search` tool finds them.');
  }, 60_000);
});
