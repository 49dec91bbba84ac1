import { expect, open, sendTurn, shot, test } from './fixtures.js';

test('after one visit the page reloads and routes with the network off', async ({ page, context }) => {
  await open(page);
  // The service worker must be active and control the page before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  await expect(page.getByTestId('offline-status')).toHaveText(/ready/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await sendTurn(page, 'I want my money back');
  await expect(page.locator('[data-testid="activation"][data-name="refund-policy"]')).toHaveCount(1);
  await expect(page.getByTestId('browse-skill')).toHaveCount(13);
  await shot(page, 'offline');
  await context.setOffline(false);
});
