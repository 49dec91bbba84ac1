import { expect, open, saveNewSkill, sendTurn, shot, test } from './fixtures.js';

const INVOICES = `---
name: invoice-export
description: Export the user's invoices as a CSV or spreadsheet file with one row per invoice. Use when the user wants to download or export invoices.
examples:
  - export my invoices as CSV
  - download all invoices from last quarter to a spreadsheet
---

# Invoice export

List the invoices in the period the user asked for, then write one CSV row per invoice.
`;

test('a user skill written in the editor persists across a reload and routes', async ({ page }) => {
  await open(page);
  await saveNewSkill(page, INVOICES, 'invoice-export');
  await expect(page.locator('[data-testid="my-skill"][data-name="invoice-export"]')).toHaveAttribute('data-state', 'active');
  await expect(page.locator('[data-testid="browse-skill"][data-name="invoice-export"]')).toHaveAttribute('data-tier', 'user');

  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('[data-testid="browse-skill"][data-name="invoice-export"]')).toHaveAttribute('data-tier', 'user');
  await sendTurn(page, 'export my invoices as CSV');
  const activation = page.getByRole('region', { name: 'Activations' }).getByTestId('activation').first();
  await expect(activation).toHaveAttribute('data-name', 'invoice-export');
  await expect(activation).toHaveAttribute('data-tier', 'user');
  await expect(page.getByTestId('catalog')).toContainText('- invoice-export: ');
  await shot(page, 'user-skill-routes');
});

test('an invalid SKILL.md shows its diagnostic at its line and is not saved', async ({ page }) => {
  await open(page);
  await page.getByTestId('new-skill').click();
  // A duplicate key on line 4: YAML keys are unique, so the runtime skips the file.
  await page.getByTestId('editor').fill('---\nname: broken-skill\ndescription: Exports things when asked.\ndescription: Twice.\n---\n\n# Broken\n');
  const diagnostic = page.locator('[data-testid="diagnostic"][data-severity="error"]');
  await expect(diagnostic).toHaveCount(1);
  await expect(diagnostic).toHaveAttribute('data-line', '4');
  await expect(diagnostic).toHaveText(/^4:\d+ error \S+ \S/);
  await expect(page.locator('[data-testid="gutter-line"][data-line="4"]')).toHaveAttribute('data-severity', 'error');
  await expect(page.getByTestId('status')).toHaveText('skipped');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save-status')).toHaveText(/^Not saved: /);
  await expect(page.locator('[data-testid="my-skill"][data-name="broken-skill"]')).toHaveCount(0);
  await shot(page, 'invalid-skill');
});

test('a builtin name is refused, and a second save of a new skill of that name conflicts', async ({ page }) => {
  await open(page);
  await page.getByTestId('new-skill').click();
  await page.getByTestId('editor').fill(INVOICES.replace('name: invoice-export', 'name: refund-policy'));
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save-status')).toHaveText(/^Not saved: CONFLICT: /);
});

test('history shows every revision and a diff; rollback restores an earlier revision', async ({ page }) => {
  await open(page);
  await saveNewSkill(page, INVOICES, 'invoice-export');
  const v2 = INVOICES.replace('one CSV row per invoice', 'one spreadsheet row per invoice, totals last');
  await page.getByTestId('editor').fill(v2);
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved invoice-export as revision 2.');

  const revisions = page.getByTestId('revision');
  await expect(revisions).toHaveCount(2);
  await expect(page.getByTestId('diff-removed')).toContainText(['- List the invoices in the period the user asked for, then write one CSV row per invoice.']);
  await expect(page.getByTestId('diff-added')).toContainText([
    '+ List the invoices in the period the user asked for, then write one spreadsheet row per invoice, totals last.',
  ]);
  await page.getByLabel('Compare').selectOption('2');
  await expect(page.getByTestId('diff-none')).toBeVisible();

  await revisions.and(page.locator('[data-revision="1"]')).getByRole('button', { name: 'Roll back to revision 1' }).click();
  await expect(page.getByTestId('save-status')).toHaveText('Opened invoice-export at revision 3 (active).');
  await expect(revisions.first()).toContainText('r3 rollback of r1');
  await expect(page.getByTestId('editor')).toHaveValue(INVOICES);
  await shot(page, 'rollback');
});

test('archive takes a skill out of routing and restore brings it back', async ({ page }) => {
  await open(page);
  await saveNewSkill(page, INVOICES, 'invoice-export');
  await page.getByTestId('archive-toggle').click();
  await expect(page.locator('[data-testid="my-skill"][data-name="invoice-export"]')).toHaveAttribute('data-state', 'archived');
  await expect(page.locator('[data-testid="browse-skill"][data-name="invoice-export"]')).toHaveCount(0);
  await sendTurn(page, 'export my invoices as CSV');
  await expect(page.locator('[data-testid="activation"][data-name="invoice-export"]')).toHaveCount(0);

  await page.getByTestId('archive-toggle').click();
  await expect(page.locator('[data-testid="my-skill"][data-name="invoice-export"]')).toHaveAttribute('data-state', 'active');
  await expect(page.locator('[data-testid="activation"][data-name="invoice-export"]')).toHaveCount(1);
});

test('long lines wrap in the editor, and each line number stays beside its line', async ({ page }) => {
  await open(page);
  await page.getByTestId('new-skill').click();
  const long = `description: ${'Export every invoice of the period as one CSV row with its number, date, customer and total. '.repeat(10)}`;
  await page.getByTestId('editor').fill(`---\nname: long-lines\n${long}\n---\n\n# Long lines\n\nA body.\n`);
  // The frame never scrolls sideways: the line wraps instead.
  const frame = page.getByTestId('editor-frame');
  const overflow = await frame.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The wrapped line's number is as tall as the line; the next number sits level with the next line.
  const rows = page.getByTestId('gutter-line');
  const bands = page.getByTestId('backdrop').locator('.band');
  const third = await rows.nth(2).boundingBox();
  expect(third?.height ?? 0).toBeGreaterThan(40);
  for (const i of [2, 3, 6]) {
    const [row, band] = await Promise.all([rows.nth(i).boundingBox(), bands.nth(i).boundingBox()]);
    expect(Math.abs((row?.y ?? 0) - (band?.y ?? -99))).toBeLessThanOrEqual(1);
    expect(Math.abs((row?.height ?? 0) - (band?.height ?? -99))).toBeLessThanOrEqual(1);
  }
  // The bands wrap as the textarea does: together they are exactly as tall as its text.
  const [text, lines] = await page.evaluate(() => {
    const area = document.querySelector<HTMLTextAreaElement>('[data-testid="editor"]') as HTMLTextAreaElement;
    const pad = parseFloat(getComputedStyle(area).paddingTop) + parseFloat(getComputedStyle(area).paddingBottom);
    const bands = [...document.querySelectorAll<HTMLElement>('[data-testid="backdrop"] .band')];
    return [area.scrollHeight - pad, bands.reduce((sum, band) => sum + band.offsetHeight, 0)];
  });
  expect(Math.abs(text - lines)).toBeLessThanOrEqual(2);
  // Clicking line 4's number still selects line 4 (the closing ---), after the wrapped line.
  await rows.nth(3).click();
  const selected = await page.getByTestId('editor').evaluate((el) => {
    const area = el as HTMLTextAreaElement;
    return area.value.slice(area.selectionStart, area.selectionEnd);
  });
  expect(selected).toBe('---');
  await shot(page, 'editor-wrap');
});
