/**
 * Shared end-to-end fixtures: every test fails when the page logs an error (a page error, a console error, a CSP
 * violation), and `open` waits until the skill runtime in the worker has loaded.
 */
import { mkdirSync } from 'node:fs';
import { expect, test as base, type Page } from '@playwright/test';

export { expect };

/** `test` whose pages must stay free of errors from the first navigation to the end of the test. */
export const test = base.extend<{ errors: string[] }>({
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()} @ ${JSON.stringify(message.location())}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens the demo and waits for the runtime to be ready. */
export async function open(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

/** Keeps a screenshot as a test artefact in reports/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('reports/screenshots', { recursive: true });
  await page.screenshot({ path: `reports/screenshots/${name}.png`, fullPage: true });
}

/** Types `text` into the message box, sends it with the Send button, and waits for the activations of that turn. */
export async function sendTurn(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByTestId('send').click();
  const region = page.getByTestId('activations');
  await expect(region).toHaveAttribute('data-turn', text);
  await expect(region).toHaveAttribute('data-sent', 'true');
}

/** Writes `text` into the editor as a new skill and saves it; resolves once the save is reported. */
export async function saveNewSkill(page: Page, text: string, name: string, revision = 1): Promise<void> {
  await page.getByTestId('new-skill').click();
  await page.getByTestId('editor').fill(text);
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save-status')).toHaveText(`Saved ${name} as revision ${revision}.`);
}
