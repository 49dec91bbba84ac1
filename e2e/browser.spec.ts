import { expect, open, shot, test } from './fixtures.js';

const BUILTIN = [
  'api-error-triage',
  'code-review-checklist',
  'expense-report',
  'incident-postmortem',
  'job-posting',
  'meeting-notes',
  'order-tracking',
  'password-reset',
  'refund-policy',
  'release-notes',
  'sql-query-helper',
  'summarize-document',
  'vendor-evaluation',
];

test('the browser lists every built-in skill, cleanly loaded, and searches them', async ({ page }) => {
  await open(page);
  const rows = page.getByTestId('browse-skill');
  await expect(rows).toHaveCount(BUILTIN.length);
  expect(await rows.evaluateAll((items) => items.map((i) => i.getAttribute('data-name')))).toEqual(BUILTIN);
  await expect(page.locator('[data-testid="browse-skill"][data-tier="builtin"]')).toHaveCount(BUILTIN.length);

  await page.getByLabel('Search skills').fill('refund');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Tier').selectOption('user');
  await expect(rows).toHaveCount(0);
  await page.getByLabel('Tier').selectOption('builtin');
  await page.getByLabel('Search skills').fill('');
  await expect(rows).toHaveCount(BUILTIN.length);

  // Every built-in skill loads without an error or a warning.
  for (const name of BUILTIN) {
    await rows
      .and(page.locator(`[data-name="${name}"]`))
      .getByRole('button')
      .click();
    await expect(page.getByTestId('browse-name')).toHaveText(name);
    await expect(page.locator('[data-testid="browse-diagnostic"]:is([data-code])').filter({ hasText: / (error|warning) / })).toHaveCount(0);
  }
});

test('a chosen skill shows its rendered instructions, its files and their text', async ({ page }) => {
  await open(page);
  await page.locator('[data-testid="browse-skill"][data-name="api-error-triage"] button').click();
  const detail = page.getByTestId('browse-detail');
  await expect(detail.getByTestId('browse-name')).toBeFocused();
  await expect(detail.getByTestId('browse-instructions').getByRole('heading', { name: 'API error triage' })).toBeVisible();
  await expect(detail.getByTestId('browse-instructions').locator('ol > li')).toHaveCount(4);
  await expect(detail.getByTestId('browse-activation')).toHaveText('auto');
  await detail.getByRole('button', { name: 'references/status-codes.md' }).click();
  await expect(detail.getByTestId('browse-file-text')).toContainText('| 429 | rate limited |');
  // The structured skill's body is composed from its sections/ files at build time; its files are those four and its evals.
  await page.locator('[data-testid="browse-skill"][data-name="incident-postmortem"] button').click();
  await expect(detail.getByTestId('browse-file')).toHaveCount(5);
  await shot(page, 'browser');
});
