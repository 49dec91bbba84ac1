import { expect, open, sendTurn, shot, test } from './fixtures.js';

test('after one visit the page reloads and routes with the network off', async ({ page, context, errors }) => {
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
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  // navigator.onLine does not follow the emulation on every Chromium build; a request that no cache holds does.
  const uncached = await page.evaluate(() =>
    fetch(`/not-cached-${Date.now()}.json`).then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(uncached).toBe('failed');
  // That refused request is the one console error this test expects.
  const expected = errors.findIndex((line) => line.includes('ERR_INTERNET_DISCONNECTED') && line.includes('/not-cached-'));
  expect(expected).toBeGreaterThanOrEqual(0);
  errors.splice(expected, 1);
  await sendTurn(page, 'I want my money back');
  await expect(page.locator('[data-testid="activation"][data-name="refund-policy"]')).toHaveCount(1);
  await expect(page.getByTestId('browse-skill')).toHaveCount(13);
  await shot(page, 'offline');
  await context.setOffline(false);
});
