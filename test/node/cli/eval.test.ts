// satchel eval <path…>: each skill's trigger evals run through routing, on a folder on disk.
import { describe, expect, it } from 'vitest';
import { tempTrees } from '../../support/temp-trees.js';
import { skillMd } from '../../support/skill-md.js';
import { cli } from './run.js';

const tree = tempTrees('satchel-cli-eval-');

const evals = (...items: [string, boolean][]) =>
  JSON.stringify(
    items.map(([query, should_trigger]) => ({ query, should_trigger })),
    null,
    2,
  );

const skills = {
  'skills/pdf/SKILL.md': skillMd('pdf', {
    description: 'Merge, split and fill PDF files. Use when the user works with PDF documents.',
    front: { examples: ['merge these two pdf files', 'split this pdf into pages'] },
  }),
  'skills/invoices/SKILL.md': skillMd('invoices', {
    description: 'Create and send customer invoices with tax lines. Use when the user bills a customer.',
    front: { examples: ['send an invoice to acme for march', 'add VAT to this invoice'] },
  }),
};

const files = {
  ...skills,
  'skills/pdf/evals/eval_queries.json': evals(
    ['please merge these two pdf files', true],
    ['split the pdf into pages', true],
    ['send an invoice to acme', false],
  ),
  'skills/invoices/evals/eval_queries.json': evals(['send an invoice to acme for march', true], ['merge these two pdf files', true], ['split this pdf', false]),
};

interface Figures {
  shouldTrigger: number;
  kept: number;
  keptRate: number | null;
  first: number;
  shouldNotTrigger: number;
  falseActivations: number;
  falseRate: number | null;
  confusions: { name: string; count: number }[];
  missed: string[];
  falseQueries: string[];
  curve: { threshold: number; keptRate: number | null; falseRate: number | null }[];
}

interface EvalJson {
  skills: Record<string, Figures>;
  totals: Omit<Figures, 'confusions' | 'missed' | 'falseQueries'>;
  collisions: { pair: [string, string]; score: number }[];
  thresholds: number[];
  unevaluated: string[];
  unknown: string[];
  queryDiagnostics: { path: string; line: number; column: number; message: string }[];
}

describe('satchel eval', () => {
  it('prints per skill kept and false activation, first places and confusions, then the curve and the collisions', async () => {
    const { code, out, err } = await cli(await tree(files), 'eval', 'skills');
    expect([code, err]).toEqual([0, '']);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^skill\s+should\s+kept\s+rate\s+first\s+should not\s+false\s+rate\s+came first instead$/);
    expect(out).toMatch(/^invoices\s+2\s+1\s+50%\s+1\s+1\s+0\s+0%\s+pdf 1$/m);
    expect(out).toMatch(/^pdf\s+2\s+2\s+100%\s+2\s+1\s+0\s+0%\s+-$/m);
    expect(out).toMatch(/^all skills\s+4\s+3\s+75%\s+3\s+2\s+0\s+0%$/m);
    expect(out).toContain('  invoices missed: "merge these two pdf files"\n');
    expect(out).toMatch(/^threshold\s+0\.0\s+0\.1\s+0\.2\s+0\.3\s+0\.4\s+0\.5\s+0\.6\s+0\.7\s+0\.8\s+0\.9\s+1\.0$/m);
    expect(out).toMatch(/^kept(\s+\d+%){11}\nfalse(\s+\d+%){11}\n/m);
    expect(out).toContain("no collisions (another skill scores at least 80% of a skill's own score on its description)\n");
    expect(lines.at(-2)).toBe('2 skills evaluated on 6 queries');
  });

  it('--json prints one object: skills by name with their figures, collisions as [a, b] pairs with a score', async () => {
    const twin = skillMd('pdf-tools', { description: 'Merge, split and fill PDF files. Use when the user works with PDF documents and forms.' });
    const { code, out } = await cli(await tree({ ...files, 'skills/pdf-tools/SKILL.md': twin }), 'eval', '--json', 'skills');
    expect(code).toBe(0);
    const json = JSON.parse(out) as EvalJson;
    expect(Object.keys(json.skills).sort()).toEqual(['invoices', 'pdf']);
    expect(json.skills['invoices']).toMatchObject({
      shouldTrigger: 2,
      kept: 1,
      keptRate: 0.5,
      first: 1,
      confusions: [{ name: 'pdf', count: 1 }],
      missed: ['merge these two pdf files'],
    });
    expect(json.skills['pdf']?.curve).toHaveLength(11);
    expect(json.thresholds).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(json.collisions).toEqual([{ pair: ['pdf', 'pdf-tools'], score: expect.any(Number) as number }]);
    expect(json.unevaluated).toEqual(['pdf-tools']);
    expect(json.totals).toMatchObject({ shouldTrigger: 4, kept: 3, shouldNotTrigger: 2, falseActivations: 0 });
  });

  it('--min-rate exits 1 when a skill activates for less than that share of its should-trigger queries, naming it', async () => {
    const root = await tree(files);
    const failing = await cli(root, 'eval', '--min-rate', '0.75', 'skills');
    expect(failing.code).toBe(1);
    expect(failing.err).toBe('satchel eval: invoices activates for 50% of the queries it should (1 of 2), below --min-rate 0.75\n');
    expect((await cli(root, 'eval', '--min-rate=0.5', 'skills')).code).toBe(0);
    expect((await cli(root, 'eval', '--json', '--min-rate', '0.75', 'skills')).code).toBe(1);
  });

  it('reports a malformed eval file at its line and column, and evaluates the other skills', async () => {
    const broken = '[\n  { "query": "bill acme", "should_trigger": true },\n  { "query": "x" "should_trigger": false }\n]\n';
    const root = await tree({ ...files, 'skills/invoices/evals/eval_queries.json': broken });
    const { code, out, err } = await cli(root, 'eval', 'skills');
    expect(code).toBe(0);
    expect(err).toBe('skills/invoices/evals/eval_queries.json:3:18: not JSON: a comma or a closing } was expected\n');
    expect(out).toMatch(/^pdf\s+2\s+2\s+100%/m);
    expect(out).not.toMatch(/^invoices\s/m);
    expect(out).toContain('1 skill evaluated on 3 queries; without queries: invoices\n');
    const json = JSON.parse((await cli(root, 'eval', '--json', 'skills')).out) as EvalJson;
    expect(json.queryDiagnostics).toEqual([
      { path: 'skills/invoices/evals/eval_queries.json', line: 3, column: 18, message: 'not JSON: a comma or a closing } was expected' },
    ]);
    // For CI, a file that could not be read fails --min-rate: its skill cannot be shown to reach it.
    const strict = await cli(root, 'eval', '--min-rate', '0', 'skills');
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('satchel eval: 1 problem in the eval queries (above)');
  });

  it('--queries reads one file mapping skill names to their queries instead; a name no skill has is located', async () => {
    const queries =
      '{\n  "pdf": [{ "query": "merge these two pdf files", "should_trigger": true }],\n  "pfd": [{ "query": "split a pdf", "should_trigger": true }]\n}\n';
    const root = await tree({ ...files, 'evals.json': queries });
    const { code, out, err } = await cli(root, 'eval', '--queries', 'evals.json', 'skills');
    expect(code).toBe(0);
    expect(err).toBe('evals.json:3:3: no loaded skill is named "pfd": its 1 query was not run\n');
    expect(out).toMatch(/^pdf\s+1\s+1\s+100%/m);
    expect(out).toContain('1 skill evaluated on 1 query; without queries: invoices\n');
  });

  it('says when no skill has eval queries, and refuses a --queries file it cannot use', async () => {
    const root = await tree(skills);
    const none = await cli(root, 'eval', 'skills');
    expect(none.code).toBe(0);
    expect(none.out).toMatch(/^no skill evaluated: no skill has evals\/eval_queries\.json\n/);
    expect(await cli(root, 'eval', '--queries', 'missing.json', 'skills')).toEqual({
      code: 1,
      out: '',
      err: 'satchel eval: missing.json: no such file or directory\n',
    });
    expect((await cli(root, 'eval', '--queries', 'skills', 'skills')).err).toBe('satchel eval: skills: a folder; --queries takes a JSON file\n');
  });

  it('takes its value flags as usage: a missing file or a rate outside 0–1 is exit 2', async () => {
    const root = await tree(files);
    expect((await cli(root, 'eval', 'skills', '--queries')).code).toBe(2);
    const bad = await cli(root, 'eval', '--min-rate', '2', 'skills');
    expect([bad.code, bad.err.split('\n')[0]]).toEqual([2, 'satchel eval: --min-rate takes a number from 0 to 1, not "2".']);
    expect((await cli(root, 'route', '--min-rate', '0.5', 'skills', 'merge pdf')).code).toBe(2);
    expect((await cli(root, 'eval')).code).toBe(2);
    const help = await cli(root, 'eval', '--help');
    expect(help.out).toContain('--queries <file>');
    expect(help.out).toContain('--min-rate <r>');
  });
});
