import { expect, open, sendTurn, shot, test } from './fixtures.js';

// "this endpoint keeps giving me 502" shares too little with api-error-triage for lexical routing; the sentence model
// places it there.
const TURN = 'this endpoint keeps giving me 502';
const apiTriage = '[data-testid="activation"][data-name="api-error-triage"]';

test('the switch routes by meaning in the worker, and stays on offline', async ({ page, context }) => {
  test.setTimeout(180_000);
  await open(page);
  const status = page.getByTestId('meaning-status');
  await expect(status).toHaveAttribute('data-state', 'off');
  await sendTurn(page, TURN);
  await expect(page.locator(apiTriage)).toHaveCount(0);

  await page.getByLabel('Route by meaning').check();
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await sendTurn(page, 'something else');
  await sendTurn(page, TURN);
  await expect(page.locator(apiTriage)).toHaveCount(1);
  await shot(page, 'meaning');

  // The model and the WASM binaries were precached with the app: the switch works after an offline reload.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByLabel('Route by meaning')).toBeChecked();
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await sendTurn(page, TURN);
  await expect(page.locator(apiTriage)).toHaveCount(1);
  await context.setOffline(false);

  // Off again: lexical routing, and the model is not loaded.
  await page.getByLabel('Route by meaning').uncheck();
  await expect(status).toHaveAttribute('data-state', 'off');
  await sendTurn(page, 'something else');
  await sendTurn(page, TURN);
  await expect(page.locator(apiTriage)).toHaveCount(0);
});
