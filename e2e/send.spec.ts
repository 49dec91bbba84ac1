import { expect, open, sendTurn, shot, test } from './fixtures.js';

test('Enter sends a turn into the conversation and clears the box; Shift+Enter starts a new line; Send sends too', async ({ page }) => {
  await open(page);
  const message = page.getByLabel('Message', { exact: true });
  const turns = page.getByTestId('sent-turn');
  await message.focus();
  await message.pressSequentially('I want my money back');
  await message.press('Shift+Enter');
  await message.pressSequentially('for order 4411');
  await expect(message).toHaveValue('I want my money back\nfor order 4411');
  // The preview follows the typing, but nothing is sent yet.
  await expect(page.getByTestId('activations')).toHaveAttribute('data-turn', 'I want my money back\nfor order 4411');
  await expect(page.getByTestId('activations')).toHaveAttribute('data-sent', 'false');
  await expect(turns).toHaveCount(0);

  await message.press('Enter');
  await expect(turns).toHaveCount(1);
  await expect(turns.first().locator('.turn-text')).toHaveText('I want my money back\nfor order 4411');
  await expect(turns.first().locator('[data-testid="sent-activation"][data-name="refund-policy"]')).toHaveCount(1);
  await expect(message).toHaveValue('');
  await expect(message).toBeFocused();
  // The sent turn stays on show in the activations until the next one is typed.
  await expect(page.getByTestId('activations')).toHaveAttribute('data-sent', 'true');
  await expect(page.locator('[data-testid="activation"][data-name="refund-policy"]')).toHaveCount(1);

  // A blank box sends nothing; the Send button sends like Enter.
  await message.press('Enter');
  await expect(turns).toHaveCount(1);
  await message.fill('write a SQL query for monthly revenue per customer');
  await page.getByTestId('send').click();
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(1)).toHaveAttribute('data-activated', /sql-query-helper/);
  await expect(message).toHaveValue('');

  // While the mention list is open, Enter completes the name instead of sending.
  await message.pressSequentially('/refu');
  await expect(page.getByRole('option', { name: '/refund-policy' })).toBeVisible();
  await message.press('Enter');
  await expect(message).toHaveValue('/refund-policy ');
  await expect(turns).toHaveCount(2);
  await shot(page, 'conversation');
});

test('near misses show the bar each one missed, from the thresholds the runtime applies', async ({ page }) => {
  await open(page);
  const region = page.getByRole('region', { name: 'Activations' });
  // Nothing passes here: a near miss missed the threshold itself.
  await sendTurn(page, 'please look at this');
  const threshold = region.getByTestId('threshold');
  // The threshold the turn's ranking carries (the decision rule's for this ranking), said in the region's line.
  await expect(threshold).toHaveAttribute('data-threshold', /^0\.\d\d$/);
  const needed = (await threshold.getAttribute('data-threshold')) ?? '';
  await expect(threshold).toContainText(`the best search hit needed ${needed} this turn`);
  const missed = region.getByTestId('near-miss').first();
  await expect(missed).toHaveAttribute('data-bar', needed);
  await expect(missed).toContainText('(the threshold in force)');

  // Here a skill activates by search: the others needed 70 % of its score (`relative`, lexically).
  await sendTurn(page, 'summarize this document for the meeting');
  const best = region.locator('[data-testid="activation"][data-reason="search"]').first();
  await expect(best).toHaveAttribute('data-name', 'summarize-document');
  const score = Number(/score (\d\.\d\d)/.exec((await best.getByTestId('activation-score').textContent()) ?? '')?.[1]);
  const near = region.locator('[data-testid="near-miss"][data-name="meeting-notes"]');
  await expect(near).toContainText(`70 % of the best search hit's ${score.toFixed(2)}`);
  const bar = Number(await near.getAttribute('data-bar'));
  expect(Math.abs(bar - score * 0.7)).toBeLessThanOrEqual(0.01);
  const hit = Number(/score (\d\.\d\d) </.exec((await near.textContent()) ?? '')?.[1]);
  expect(hit).toBeLessThan(bar);
  await shot(page, 'near-misses');
});

test('a manual skill the turn matches says it is manual and how to use it', async ({ page }) => {
  await open(page);
  const region = page.getByRole('region', { name: 'Activations' });
  await sendTurn(page, 'review this pull request');
  const manual = region.locator('[data-testid="manual-match"][data-name="code-review-checklist"]');
  await expect(manual).toContainText('manual — mention /code-review-checklist to use it');
  await expect(region.locator('[data-testid="activation"][data-name="code-review-checklist"]')).toHaveCount(0);
  // Mentioned, it activates, and is no longer listed as a manual match.
  await sendTurn(page, '/code-review-checklist this pull request');
  await expect(region.locator('[data-testid="activation"][data-name="code-review-checklist"]')).toHaveAttribute('data-reason', 'mention');
  await expect(region.getByTestId('manual-match')).toHaveCount(0);
});
