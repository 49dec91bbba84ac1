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

interface Decided {
  threshold: number;
  margin: number;
  matched: string[];
}

interface RouteJson {
  turn: string;
  threshold: number;
  rule: 'decision' | 'fixed';
  activations: ({ name: string; reason: string; score: number; words: string[]; terms: string[]; arguments?: string } & Decided)[];
  ranked: ({ name: string; score: number; words: string[]; terms: string[] } & Decided)[];
}

const num = '(0\\.\\d\\d|1\\.00)';

describe('satchel route', () => {
  it('prints each activated skill with reason, score, threshold, margin and the turn’s words that matched, then the threshold in force', async () => {
    const { code, out, err } = await cli(await tree(files), 'route', 'skills', 'please merge these two pdf files');
    expect([code, err]).toEqual([0, '']);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^name\s+activates\s+reason\s+score\s+threshold\s+margin\s+matched$/);
    expect(lines[2]).toMatch(new RegExp(`^pdf\\s+yes\\s+search\\s+${num}\\s+${num}\\s+${num}\\s+.*pdf`));
    expect(lines[3]).toBe('');
    expect(lines[4]).toMatch(
      /^threshold 0\.\d\d \(decision rule: the first place needs this score with its margin of 0\.\d\d over the runner-up, among 2 routable skills\)$/,
    );
    expect(lines[5]).toBe('1 skill activates for this turn (3 skills loaded)');
  });

  it('with nothing ranked, prints the threshold the rule gives a first place with no lead', async () => {
    const { out } = await cli(await tree(files), 'route', 'skills', 'zzz qqq');
    expect(out).toMatch(/^threshold 0\.\d\d \(decision rule, for a first place with no lead over the runner-up, among 2 routable skills\)\nno skill activates/);
  });

  it('--json gives the activations and the ranked skills below the threshold', async () => {
    const { code, out } = await cli(await tree(files), 'route', '--json', 'skills', '/deploy now please');
    expect(code).toBe(0);
    const json = JSON.parse(out) as RouteJson;
    expect(json.turn).toBe('/deploy now please');
    expect(json.activations).toEqual([
      { name: 'deploy', reason: 'mention', score: 1, threshold: 0, margin: 1, words: [], terms: [], matched: ['/deploy'], arguments: 'now please' },
    ]);
    expect(json.ranked.every((r) => r.name !== 'deploy')).toBe(true);
  });

  it('shows the words as the turn spells them, never a stem or a stop word; --json keeps the stems as `terms`', async () => {
    const root = await tree(files);
    const turn = 'Please merge these two PDF files for my documents';
    const { out } = await cli(root, 'route', 'skills', turn);
    expect(out.split('\n')[2]).toMatch(/^pdf\s+yes\s+search\s+\S+\s+\S+\s+\S+\s+merge, two, PDF, files, documents$/);
    const [pdf] = (JSON.parse((await cli(root, 'route', '--json', 'skills', turn)).out) as RouteJson).activations;
    expect(pdf?.words).toEqual(['merge', 'two', 'PDF', 'files', 'documents']);
    expect(pdf?.terms).toEqual(expect.arrayContaining(['merg', 'file', 'document']));
  });

  it('says when nothing activates, and shows what ranked highest', async () => {
    const { code, out } = await cli(await tree(files), 'route', 'skills', 'pdf weather');
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`\\npdf\\s+no\\s+-\\s+${num}\\s+${num}\\s+-?${num}\\s+pdf\\n`));
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

  it('--json gives each result the threshold, margin and what matched, and the threshold in force with its rule', async () => {
    const json = JSON.parse((await cli(await tree(files), 'route', '--json', 'skills', 'pdf weather')).out) as RouteJson;
    expect(json.rule).toBe('decision');
    const [pdf] = json.ranked;
    expect(pdf).toMatchObject({ name: 'pdf', matched: ['pdf'], threshold: json.threshold });
    expect(pdf?.score).toBeLessThan(json.threshold);
    expect(pdf?.margin).toBeGreaterThan(0);
    const merged = JSON.parse((await cli(await tree(files), 'route', '--json', 'skills', 'merge these two pdf files')).out) as RouteJson;
    expect(merged.activations[0]).toMatchObject({ name: 'pdf', reason: 'search', threshold: merged.threshold, matched: ['merge', 'two', 'pdf', 'files'] });
  });
});

describe('satchel route --threshold', () => {
  it('--threshold 0 activates the best hit of a turn the decision rule activates nothing for', async () => {
    const root = await tree(files);
    expect((await cli(root, 'route', 'skills', 'pdf weather')).out).toContain('no skill activates');
    const { code, out } = await cli(root, 'route', '--threshold', '0', 'skills', 'pdf weather');
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`\\npdf\\s+yes\\s+search\\s+${num}\\s+0\\.00\\s+${num}\\s+pdf\\n`));
    expect(out).toContain('\nthreshold 0.00 (fixed, --threshold)\n1 skill activates for this turn');
  });

  it('--threshold 1 activates nothing by search, while a /name mention still activates', async () => {
    const root = await tree(files);
    // The mention takes the rest of its line as arguments: the search stage reads the first line.
    const turn = 'merge these two pdf files\n/deploy now';
    const { out } = await cli(root, 'route', '--threshold=1', 'skills', turn);
    expect(out).toMatch(/\ndeploy\s+yes\s+mention\s+1\.00\s+0\.00\s+1\.00\n/);
    expect(out).toMatch(/\npdf\s+no\s+-\s+0\.\d\d\s+1\.00\s+/);
    expect(out).toContain('\nthreshold 1.00 (fixed, --threshold)\n1 skill activates');
    const json = JSON.parse((await cli(root, 'route', '--json', '--threshold', '1', 'skills', turn)).out) as RouteJson;
    expect([json.threshold, json.rule]).toEqual([1, 'fixed']);
    expect(json.activations.map((a) => a.name)).toEqual(['deploy']);
    expect(json.ranked[0]).toMatchObject({ name: 'pdf', threshold: 1 });
  });

  it('a value that is not a number from 0 to 1, or none, is a usage error naming the flag', async () => {
    const root = await tree(files);
    for (const value of ['abc', '2', '-0.5', 'NaN', '', '1e-1']) {
      const { code, out, err } = await cli(root, 'route', `--threshold=${value}`, 'skills', 'merge pdf files');
      expect([value, code, out]).toEqual([value, 2, '']);
      expect(err.split('\n')[0]).toBe(`satchel route: --threshold takes a number from 0 to 1, not "${value}".`);
    }
    expect((await cli(root, 'route', '--threshold', 'abc', 'skills', 'merge pdf files')).code).toBe(2);
    const missing = await cli(root, 'route', 'skills', 'merge pdf files', '--threshold');
    expect([missing.code, missing.err.split('\n')[0]]).toEqual([2, 'satchel route: --threshold needs a value: a number from 0 to 1.']);
    const other = await cli(root, 'list', '--threshold', '0.5', 'skills');
    expect([other.code, other.err.split('\n')[0]]).toEqual([2, 'satchel list: --threshold does not apply to satchel list.']);
  });
});
