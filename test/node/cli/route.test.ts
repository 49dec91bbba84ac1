// satchel route <path…> "<turn>": what a turn activates, and why.
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-route-');

const files = {
  'skills/pdf/SKILL.md': skillMd('pdf', {
    description: 'Merge, split and fill PDF files. Use when the user works with PDF documents.',
    front: { examples: ['merge these two pdf files'] },
  }),
  'skills/refunds/SKILL.md': skillMd('refunds', { description: 'Decide customer refunds and returns.', front: { intents: ['refund_request'] } }),
  'skills/deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the web app to production.', front: { activation: 'manual' } }),
};

interface RouteJson {
  turn: string;
  activations: { name: string; reason: string; score: number; words: string[]; terms: string[]; arguments?: string }[];
  ranked: { name: string; score: number; words: string[]; terms: string[] }[];
}

describe('satchel route', () => {
  it('prints each activated skill with reason, score and the turn’s words that matched', async () => {
    const { code, out, err } = await cli(await tree(files), 'route', 'skills', 'please merge these two pdf files');
    expect([code, err]).toEqual([0, '']);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^name\s+activates\s+reason\s+score\s+matched$/);
    expect(lines[2]).toMatch(/^pdf\s+yes\s+search\s+(0\.\d\d|1\.00)\s+.*pdf/);
    expect(out).toContain('\n1 skill activates for this turn (3 skills loaded)\n');
  });

  it('--json gives the activations and the ranked skills below the threshold', async () => {
    const { code, out } = await cli(await tree(files), 'route', '--json', 'skills', '/deploy now please');
    expect(code).toBe(0);
    const json = JSON.parse(out) as RouteJson;
    expect(json.turn).toBe('/deploy now please');
    expect(json.activations).toEqual([{ name: 'deploy', reason: 'mention', score: 1, words: [], terms: [], arguments: 'now please' }]);
    expect(json.ranked.every((r) => r.name !== 'deploy')).toBe(true);
  });

  it('shows the words as the turn spells them, never a stem or a stop word; --json keeps the stems as `terms`', async () => {
    const root = await tree(files);
    const turn = 'Please merge these two PDF files for my documents';
    const { out } = await cli(root, 'route', 'skills', turn);
    expect(out.split('\n')[2]).toMatch(/^pdf\s+yes\s+search\s+\S+\s+merge, two, PDF, files, documents$/);
    const [pdf] = (JSON.parse((await cli(root, 'route', '--json', 'skills', turn)).out) as RouteJson).activations;
    expect(pdf?.words).toEqual(['merge', 'two', 'PDF', 'files', 'documents']);
    expect(pdf?.terms).toEqual(expect.arrayContaining(['merg', 'file', 'document']));
  });

  it('says when nothing activates, and shows what ranked highest', async () => {
    const { code, out } = await cli(await tree(files), 'route', 'skills', 'pdf weather');
    expect(code).toBe(0);
    expect(out).toMatch(/\npdf\s+no\s+-\s+0\.\d\d\s+pdf\n/);
    expect(out).toContain('no skill activates for this turn (3 skills loaded)');
  });

  it('reports on stderr when a skill could not be loaded, and exits 0 (1 with --strict)', async () => {
    const root = await tree({ ...files, 'more/broken/SKILL.md': skillMd('broken', { description: '' }) });
    const { code, out, err } = await cli(root, 'route', 'skills', 'more', 'merge pdf files');
    expect(code).toBe(0);
    expect(out).toContain('pdf');
    expect(err).toMatch(/^more\/broken\/SKILL\.md:\d+:\d+ description-missing error:/);
    expect((await cli(root, 'route', '--strict', 'skills', 'more', 'merge pdf files')).code).toBe(1);
  });

  it('a last argument that is a folder is a missing turn (exit 2), unless it comes after `--`', async () => {
    const root = await tree({ ...files, 'more/broken/SKILL.md': skillMd('broken', { description: '' }) });
    const { code, out, err } = await cli(root, 'route', 'skills', 'more');
    expect([code, out]).toEqual([2, '']);
    expect(err).toMatch(/^satchel route: the last argument, "more", is a folder, so the turn is missing; /);
    const literal = JSON.parse((await cli(root, 'route', '--json', 'skills', '--', 'more')).out) as RouteJson;
    expect(literal.turn).toBe('more');
  });

  it('takes the turn after `--` even when it starts with a dash', async () => {
    const json = JSON.parse((await cli(await tree(files), 'route', '--json', 'skills', '--', '-merge pdf files')).out) as RouteJson;
    expect(json.turn).toBe('-merge pdf files');
  });
});
