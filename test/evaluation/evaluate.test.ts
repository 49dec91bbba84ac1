// evaluateSkills: trigger evals run by the loader's activation, over skills held in memory.
import { describe, expect, it } from 'vitest';
import { SkillLoader } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';
import { evaluateSkills, type EvaluationTarget } from '../../src/evaluation/evaluate.js';
import type { EvalQuery } from '../../src/evaluation/queries.js';
import { codeOf } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const files = {
  'pdf/SKILL.md': skillMd('pdf', {
    description: 'Merge, split and fill PDF files. Use when the user works with PDF documents.',
    front: { examples: ['merge these two pdf files', 'split this pdf into pages', 'fill in the pdf form'] },
  }),
  'invoices/SKILL.md': skillMd('invoices', {
    description: 'Create and send customer invoices with tax lines. Use when the user bills a customer.',
    front: { examples: ['send an invoice to acme for march', 'add VAT to this invoice'] },
  }),
  'deploy/SKILL.md': skillMd('deploy', { description: 'Deploy the web app to production.', front: { activation: 'manual' } }),
};

async function loaded(more: Record<string, string> = {}): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: memorySource({ ...files, ...more }) });
  await loader.loadAll();
  return loader;
}

const yes = (query: string): EvalQuery => ({ query, should_trigger: true });
const no = (query: string): EvalQuery => ({ query, should_trigger: false });

describe('evaluateSkills', () => {
  it('counts kept and false activations, first places and the queries that went wrong', async () => {
    const loader = await loaded();
    const report = await evaluateSkills(loader, {
      pdf: [
        yes('please merge these two pdf files'),
        yes('split the pdf into single pages'),
        yes('what is the weather like'),
        no('send an invoice to acme for march'),
      ],
    });
    const pdf = report.skills['pdf'];
    expect(pdf).toMatchObject({ shouldTrigger: 3, kept: 2, first: 2, shouldNotTrigger: 1, falseActivations: 0, falseRate: 0 });
    expect(pdf?.keptRate).toBeCloseTo(2 / 3);
    expect(pdf?.missed).toEqual(['what is the weather like']);
    expect(pdf?.falseQueries).toEqual([]);
    expect(pdf?.confusions).toEqual([]);
    expect(report.unevaluated).toEqual(['deploy', 'invoices']);
    expect(report.totals).toMatchObject({ shouldTrigger: 3, kept: 2, shouldNotTrigger: 1, falseActivations: 0 });
  });

  it('names the skill that came first instead of the one that should have, with counts', async () => {
    const report = await evaluateSkills(await loaded(), {
      invoices: [yes('merge these two pdf files'), yes('split this pdf into pages'), yes('send an invoice to acme for march'), no('fill in the pdf form')],
    });
    const invoices = report.skills['invoices'];
    expect(invoices?.confusions).toEqual([{ name: 'pdf', count: 2 }]);
    expect(invoices).toMatchObject({ kept: 1, first: 1, falseActivations: 0 });
    expect(invoices?.missed).toEqual(['merge these two pdf files', 'split this pdf into pages']);
  });

  it('reports a false activation with its query', async () => {
    const report = await evaluateSkills(await loaded(), { pdf: [no('merge these two pdf files'), no('tell me a joke')] });
    expect(report.skills['pdf']).toMatchObject({
      shouldTrigger: 0,
      keptRate: null,
      falseActivations: 1,
      falseRate: 0.5,
      falseQueries: ['merge these two pdf files'],
    });
  });

  it('draws the curve from activate with each fixed threshold, as the loader answers it', async () => {
    const loader = await loaded();
    const queries = [yes('merge these two pdf files'), yes('pdf'), no('fill the form'), no('weather today')];
    const thresholds = [0, 0.3, 0.6, 1];
    const report = await evaluateSkills(loader, { pdf: queries }, { thresholds });
    const activates = (q: string, threshold: number) => loader.activate(q, { threshold }).some((a) => a.skill.name === 'pdf');
    const share = (list: EvalQuery[], t: number) => list.filter((q) => activates(q.query, t)).length / list.length;
    expect(report.thresholds).toEqual(thresholds);
    expect(report.skills['pdf']?.curve).toEqual(
      thresholds.map((threshold) => ({
        threshold,
        keptRate: share(
          queries.filter((q) => q.should_trigger),
          threshold,
        ),
        falseRate: share(
          queries.filter((q) => !q.should_trigger),
          threshold,
        ),
      })),
    );
    // At 0 any ranked first place activates; at 1 no search hit does.
    expect(report.skills['pdf']?.curve[0]?.keptRate).toBe(1);
    expect(report.skills['pdf']?.curve.at(-1)?.keptRate).toBe(0);
  });

  it('counts a /name mention at every threshold: a manual skill is kept by its mentions only', async () => {
    const report = await evaluateSkills(await loaded(), { deploy: [yes('/deploy the api now'), yes('deploy the web app to production')] });
    const deploy = report.skills['deploy'];
    expect(deploy).toMatchObject({ kept: 1, first: 1, missed: ['deploy the web app to production'] });
    expect(deploy?.curve.map((p) => p.keptRate)).toEqual(deploy?.curve.map(() => 0.5));
  });

  it('reports the pairs of skills whose descriptions collide, once, with the share', async () => {
    const twin = skillMd('pdf-tools', { description: 'Merge, split and fill PDF files. Use when the user works with PDF documents and forms.' });
    const report = await evaluateSkills(await loaded({ 'pdf-tools/SKILL.md': twin }), {});
    expect(report.collisions.map((c) => c.pair)).toEqual([['pdf', 'pdf-tools']]);
    expect(report.collisions[0]?.score).toBeGreaterThanOrEqual(0.8);
    expect(report.collisions[0]?.score).toBeLessThanOrEqual(1);
    expect((await evaluateSkills(await loaded(), {})).collisions).toEqual([]);
    // A lower share finds more, never fewer.
    const loose = await evaluateSkills(await loaded({ 'pdf-tools/SKILL.md': twin }), {}, { collisionShare: 0.01 });
    expect(loose.collisions.length).toBeGreaterThanOrEqual(1);
  });

  it('reads each skill’s evals/eval_queries.json; a malformed one is a located diagnostic and the others are evaluated', async () => {
    const loader = await loaded({
      'pdf/evals/eval_queries.json': JSON.stringify([yes('merge these two pdf files'), no('send an invoice')]),
      'invoices/evals/eval_queries.json': '[\n  { "query": "bill acme", "should_trigger": true },\n  { "query": "x" "should_trigger": false }\n]\n',
    });
    const report = await evaluateSkills(loader);
    expect(Object.keys(report.skills)).toEqual(['pdf']);
    expect(report.skills['pdf']).toMatchObject({ kept: 1, falseActivations: 0 });
    expect(report.diagnostics).toEqual([
      { path: 'invoices/evals/eval_queries.json', line: 3, column: 18, message: 'not JSON: a comma or a closing } was expected' },
    ]);
    expect(report.unevaluated).toEqual(['deploy', 'invoices']);
  });

  it('keeps the valid items of a file whose other items are not queries', async () => {
    const loader = await loaded({
      'pdf/evals/eval_queries.json': '[{ "query": "merge two pdf files", "should_trigger": true }, { "query": "split it", "should_trigger": "yes" }]',
    });
    const report = await evaluateSkills(loader);
    expect(report.skills['pdf']?.shouldTrigger).toBe(1);
    expect(report.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [1, 103, 'item 2: "should_trigger" must be true or false, not a string ("yes")'],
    ]);
  });

  it('lists names with queries but no loaded skill, and runs nothing for them', async () => {
    const report = await evaluateSkills(await loaded(), { pfd: [yes('merge pdfs')], pdf: [yes('merge these two pdf files')] });
    expect(report.unknown).toEqual(['pfd']);
    expect(Object.keys(report.skills)).toEqual(['pdf']);
  });

  it('answers the same over an async target (a runtime client), and reports progress', async () => {
    const loader = await loaded();
    const client: EvaluationTarget = {
      getAll: async () => loader.getAll(),
      activate: async (turn, options) => loader.activate(turn, options),
      route: async (text, options) => loader.route(text, options),
    };
    const queries = { pdf: [yes('merge these two pdf files'), no('weather')], invoices: [yes('send an invoice to acme')] };
    const progress: number[] = [];
    const report = await evaluateSkills(client, queries, { onProgress: (done, total) => progress.push(done / total) });
    expect(report).toEqual(await evaluateSkills(loader, queries));
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
  });

  it('uses activateAsync and routeAsync when routing by meaning', async () => {
    const loader = await loaded();
    const calls: string[] = [];
    const target: EvaluationTarget = {
      getAll: () => loader.getAll(),
      activate: (turn, o) => (calls.push('activate'), loader.activate(turn, o)),
      activateAsync: async (turn, o) => (calls.push('activateAsync'), loader.activateAsync(turn, o)),
      route: (text, o) => (calls.push('route'), loader.route(text, o)),
      routeAsync: async (text, o) => (calls.push('routeAsync'), loader.routeAsync(text, o)),
    };
    await evaluateSkills(target, { pdf: [yes('merge pdf files')] }, { meaning: true, thresholds: [0.5] });
    expect(new Set(calls)).toEqual(new Set(['activateAsync', 'routeAsync']));
  });

  it('refuses a threshold or a share outside 0–1, and a target it cannot read eval files through', async () => {
    const loader = await loaded();
    expect(await codeOf(evaluateSkills(loader, {}, { thresholds: [0.5, 2] }))).toBe('INVALID_INPUT');
    expect(await codeOf(evaluateSkills(loader, {}, { thresholds: [] }))).toBe('INVALID_INPUT');
    expect(await codeOf(evaluateSkills(loader, {}, { collisionShare: 0 }))).toBe('INVALID_INPUT');
    const noReader: EvaluationTarget = { getAll: () => loader.getAll(), activate: (t) => loader.activate(t), route: (t) => loader.route(t) };
    expect(await codeOf(evaluateSkills(noReader))).toBe('INVALID_INPUT');
  });
});
