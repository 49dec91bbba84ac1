import { expect, open, shot, test } from './fixtures.js';

// Every built-in skill ships evals/eval_queries.json; the code-review-checklist one has four should-trigger queries, the others five.
const SHOULD_TRIGGER: Record<string, number> = {
  'api-error-triage': 5,
  'code-review-checklist': 4,
  'expense-report': 5,
  'incident-postmortem': 5,
  'job-posting': 5,
  'meeting-notes': 5,
  'order-tracking': 5,
  'password-reset': 5,
  'refund-policy': 5,
  'release-notes': 5,
  'sql-query-helper': 5,
  'summarize-document': 5,
  'vendor-evaluation': 5,
};

test("the Evaluate panel runs the skills' evals/ files and plots the curve and the confusions", async ({ page }) => {
  await open(page);
  const panel = page.getByRole('region', { name: 'Evaluate' });
  await panel.getByRole('button', { name: 'Run the evaluation' }).click();
  const status = panel.getByTestId('evaluate-status');
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(status).toContainText("13 skills evaluated from each skill's evals/eval_queries.json: kept");
  await expect(panel.getByTestId('evaluate-diagnostics').locator('li')).toHaveCount(0);

  // The curve: a point per fixed threshold (0 to 1 by 0.1), and the decision rule's own point.
  const curve = panel.getByTestId('curve-plot');
  await expect(curve.getByTestId('curve-point')).toHaveCount(11);
  expect(await curve.getByTestId('curve-point').evaluateAll((dots) => dots.map((d) => Number(d.getAttribute('data-threshold'))))).toEqual([
    0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1,
  ]);
  await expect(curve.getByTestId('curve-rule')).toHaveCount(1);
  await expect(curve.locator('polyline')).toHaveCount(1);

  // The confusions: a row per skill, whose dots account for each of its should-trigger queries once.
  const rows = panel.getByTestId('confusion-plot').getByTestId('confusion-row');
  await expect(rows).toHaveCount(13);
  const counted = await rows.evaluateAll((gs) =>
    Object.fromEntries(
      gs.map((g) => [g.getAttribute('data-skill'), [...g.querySelectorAll('circle')].reduce((n, c) => n + Number(c.getAttribute('data-count')), 0)]),
    ),
  );
  expect(counted).toEqual(SHOULD_TRIGGER);
  // The manual skill is kept by its /mentions, which always come first.
  await expect(rows.and(page.locator('[data-skill="code-review-checklist"]')).locator('circle')).toHaveCount(1);
  await shot(page, 'evaluate');
});

test('queries typed into the panel are evaluated instead, and a malformed item is shown at its line', async ({ page }) => {
  await open(page);
  const panel = page.getByRole('region', { name: 'Evaluate' });
  const typed = [
    '{',
    '  "refund-policy": [',
    '    { "query": "my blender arrived broken, I want a refund", "should_trigger": true },',
    '    { "query": "where is my parcel", "should_trigger": "no" },',
    '    { "query": "where is my parcel", "should_trigger": false }',
    '  ]',
    '}',
  ].join('\n');
  await panel.getByLabel(/^Queries/).fill(typed);
  await panel.getByRole('button', { name: 'Run the evaluation' }).click();
  await expect(panel.getByTestId('evaluate-status')).toHaveAttribute('data-state', 'done');
  await expect(panel.getByTestId('evaluate-status')).toContainText('1 skill evaluated from the typed queries: kept 100 % (1 of 1), false 0 % (0 of 1)');
  await expect(panel.getByTestId('evaluate-diagnostics').locator('li')).toHaveText([
    'typed queries:4:56 item 2 of "refund-policy": "should_trigger" must be true or false, not a string ("no")',
  ]);
  await expect(panel.getByTestId('confusion-row')).toHaveCount(1);
  await expect(panel.locator('[data-testid="confusion-row"][data-skill="refund-policy"] circle')).toHaveAttribute('data-to', 'refund-policy');
  await expect(panel.getByTestId('curve-point')).toHaveCount(11);
});
