import { expect, open, sendTurn, shot, test } from './fixtures.js';

test('a free-text turn shows the built-in skill it activates, why, its score and terms', async ({ page }) => {
  await open(page);
  await sendTurn(page, 'I want my money back');
  const region = page.getByRole('region', { name: 'Activations' });
  const refund = region.getByTestId('activation').and(page.locator('[data-name="refund-policy"]'));
  await expect(refund).toHaveCount(1);
  await expect(region.getByTestId('activation').first()).toHaveAttribute('data-name', 'refund-policy');
  await expect(refund).toHaveAttribute('data-tier', 'builtin');
  await expect(refund.getByTestId('activation-reason')).toHaveText(/^(intent|search)$/);
  await expect(refund.getByTestId('activation-score')).toHaveText(/^score (0\.\d\d|1\.00)$/);
  await expect(refund.locator('mark').first()).toBeVisible();
  // The activated skill's name shows what skills.load would hand the model.
  await refund.getByTestId('activation-load').click();
  await expect(page.getByLabel('Skill to load')).toHaveValue('refund-policy');
  await expect(page.getByTestId('load-result').getByRole('heading', { name: 'Refund policy' })).toBeVisible();
  // The catalog for the turn lists the skill, in Markdown and in the guide's XML.
  await expect(page.getByTestId('catalog')).toContainText('- refund-policy: ');
  await page.getByLabel('Format').selectOption('xml');
  await expect(page.getByTestId('catalog')).toContainText('<name>refund-policy</name>');
  await expect(page.getByTestId('catalog-budget-summary')).toHaveText(/^Every skill whole: \d+ of 16384 bytes\.$/);
  await shot(page, 'chat-refund');
  if (process.env['DEMO_SCREENSHOT']) {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'docs/demo.png' });
  }
});

test('the activations panel shows the words of the turn as typed, never a stem or a stop word', async ({ page }) => {
  await open(page);
  await sendTurn(page, 'I want my Money back for this Order');
  const refund = page.getByRole('region', { name: 'Activations' }).locator('[data-testid="activation"][data-name="refund-policy"]');
  const words = refund.getByTestId('matched-words');
  await expect(words.locator('mark').filter({ hasText: /^Money$/ })).toHaveCount(1);
  const shown = await words.locator('mark').allTextContents();
  expect(shown).toEqual(expect.arrayContaining(['Money', 'Order']));
  for (const hidden of ['monei', 'money', 'order', 'my', 'for', 'this']) expect(shown).not.toContain(hidden);
  // The stems the turn scored as stay a detail, in the tooltip.
  await expect(words).toHaveAttribute('title', /monei/);
});

test('a turn about something else does not activate the refund skill', async ({ page }) => {
  await open(page);
  await sendTurn(page, 'write a SQL query for monthly revenue per customer');
  const region = page.getByRole('region', { name: 'Activations' });
  await expect(region.getByTestId('activation').first()).toHaveAttribute('data-name', 'sql-query-helper');
  await expect(region.locator('[data-testid="activation"][data-name="refund-policy"]')).toHaveCount(0);
});

test('search hits just under the bar they missed are listed apart from the activations', async ({ page }) => {
  await open(page);
  // Nothing passes its threshold for this turn: every near miss missed the threshold itself.
  await sendTurn(page, 'please look at this');
  await expect(page.getByTestId('activation')).toHaveCount(0);
  const near = page.getByTestId('near-miss');
  await expect(near.first()).toBeVisible();
  // Each says the bar it missed (here the threshold in force, as the region states it), never a fixed number.
  const threshold = await page.getByTestId('threshold').getAttribute('data-threshold');
  for (const text of await near.allTextContents()) {
    const [, score, bar] = /score (\d\.\d\d) < (\d\.\d\d) \(the threshold in force\)/.exec(text) ?? [];
    expect(Number(score)).toBeGreaterThan(0);
    expect(Number(score)).toBeLessThan(Number(bar));
    expect(bar).toBe(threshold);
  }
  const active = await page.getByTestId('activation').evaluateAll((items) => items.map((i) => i.getAttribute('data-name')));
  for (const name of await near.evaluateAll((items) => items.map((i) => i.getAttribute('data-name')))) expect(active).not.toContain(name);
});

test('a /name mention completes from the keyboard and activates as a mention', async ({ page }) => {
  await open(page);
  const message = page.getByLabel('Message', { exact: true });
  await message.focus();
  await message.pressSequentially('/refu');
  await expect(page.getByRole('option', { name: '/refund-policy' })).toBeVisible();
  await expect(message).toHaveAttribute('aria-expanded', 'true');
  await message.press('Tab');
  await expect(message).toHaveValue('/refund-policy ');
  await expect(message).toBeFocused();
  await message.pressSequentially('order 4411');
  const mention = page.locator('[data-testid="activation"][data-name="refund-policy"]');
  await expect(mention).toHaveAttribute('data-reason', 'mention');
  await expect(mention).toContainText('arguments: order 4411');
  // A manual skill is reachable by mention only.
  await message.fill('/code-review');
  await message.press('Enter');
  await expect(page.locator('[data-testid="activation"][data-name="code-review-checklist"]')).toHaveAttribute('data-reason', 'mention');
});

test('skills.load returns the chosen skill, rendered, with its files', async ({ page }) => {
  await open(page);
  await page.getByLabel('Skill to load').selectOption('refund-policy');
  const result = page.getByTestId('load-result');
  await expect(result.getByRole('heading', { name: 'Refund policy' })).toBeVisible();
  await expect(result).toContainText('references/policy.md');
  await expect(result.getByTestId('load-instructions').locator('strong').first()).toHaveText('approve');
  await result.getByText('The tool output as the model receives it').click();
  const json = JSON.parse((await result.getByTestId('load-json').textContent()) ?? '') as { name: string; files: { path: string }[] };
  expect(json.name).toBe('refund-policy');
  expect(json.files.map((f) => f.path)).toEqual(['evals/eval_queries.json', 'references/policy.md']);
});

test('the proposals region says none exist', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('region', { name: 'Proposals' }).getByTestId('no-proposals')).toBeVisible();
});

test('works on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await sendTurn(page, 'I want my money back');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await shot(page, 'narrow');
});

test('every control has an accessible name, and the keyboard reaches the message box first', async ({ page }) => {
  await open(page);
  const unnamed = await page.locator('input, select, textarea, button').evaluateAll((controls) =>
    controls
      .filter((c) => !(c as HTMLElement).hidden && c.getAttribute('type') !== 'hidden')
      .filter((c) => {
        const labelled = (c as HTMLInputElement).labels?.length || c.getAttribute('aria-label') || c.getAttribute('aria-labelledby');
        return !labelled && (c.textContent ?? '').trim() === '';
      })
      .map((c) => c.outerHTML.slice(0, 80)),
  );
  expect(unnamed).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the message box' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
});

test("the catalog fits the budget chosen for it, says what the budget cut, and keeps the turn's skill whole", async ({ page }) => {
  await open(page);
  await sendTurn(page, 'I want my money back');
  const catalog = page.getByTestId('catalog');
  const summary = page.getByTestId('catalog-budget-summary');
  await page.getByLabel('Budget').selectOption('2048');
  await expect(summary).toContainText('The budget cut this catalog');
  await expect(summary).toContainText('of 2048 bytes');
  await expect(catalog).toContainText('- refund-policy: ');
  await page.getByLabel('Budget').selectOption('1024');
  await expect(summary).toContainText('by name alone');
  await page.getByLabel('Budget').selectOption('512');
  await expect(summary).toContainText('left out');
  await expect(catalog).toContainText(/more skills? (are|is) not listed; the `skills.search` tool finds them\.$/);
  const bytes = await catalog.evaluate((node) => new TextEncoder().encode(node.textContent ?? '').byteLength);
  expect(bytes).toBeLessThanOrEqual(512);
});
