import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures.js';

const COLON_SKILL = `---
name: release-notes
description: Use when: the user asks
---

# Release notes

Collect the merged changes since the last tag.
`;

async function setText(page: Page, text: string, folder = ''): Promise<void> {
  await page.getByTestId('folder').fill(folder);
  await page.getByTestId('editor').fill(text);
}

test('has the title and the validator controls', async ({ page }) => {
  await open(page);
  await expect(page).toHaveTitle('Satchel — offline skills demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Satchel — offline skills demo');
  await expect(page.getByTestId('profile')).toHaveValue('runtime');
  await expect(page.getByTestId('editor')).not.toHaveValue('');
});

test('the prefilled sample is valid in both profiles and shows the parsed skill', async ({ page }) => {
  await open(page);
  const status = page.getByTestId('status');
  await expect(status).toHaveText('valid');
  await expect(page.getByTestId('diagnostic').filter({ hasText: / (error|warning) / })).toHaveCount(0);
  await expect(page.getByTestId('skill')).toBeVisible();
  await expect(page.getByTestId('skill-name')).toHaveText('pdf-processing');
  await expect(page.getByTestId('skill-description')).toContainText('PDF');
  await expect(page.getByTestId('skill-activation')).toHaveText('auto');
  await expect(page.getByTestId('skill-digest')).toHaveText(/^sha256:[0-9a-f]{64}$/);
  await expect(page.locator('[data-testid="gutter-line"][data-severity]')).toHaveCount(0);

  await page.getByTestId('profile').selectOption('spec');
  await expect(status).toHaveText('valid');
  await expect(page.getByTestId('diagnostic')).toHaveCount(0);
});

test('an unquoted colon is a warning at line 3 in runtime and an error in spec', async ({ page }) => {
  await open(page);
  await setText(page, COLON_SKILL, 'release-notes');

  const status = page.getByTestId('status');
  const colon = page.locator('[data-testid="diagnostic"][data-code="yaml-unquoted-colon"]');
  await expect(status).toHaveText('loads with warnings');
  await expect(colon).toHaveCount(1);
  await expect(colon).toHaveAttribute('data-severity', 'warning');
  await expect(colon).toHaveAttribute('data-line', '3');
  await expect(colon).toHaveText(/^3:\d+ warning yaml-unquoted-colon \S/);
  await expect(page.locator('[data-testid="gutter-line"][data-line="3"]')).toHaveAttribute('data-severity', 'warning');
  // The runtime recovers the value.
  await expect(page.getByTestId('skill-description')).toHaveText('Use when: the user asks');

  await page.getByTestId('profile').selectOption('spec');
  await expect(status).toHaveText('invalid');
  await expect(colon).toHaveAttribute('data-severity', 'error');
  await expect(colon).toHaveText(/^3:\d+ error yaml-unquoted-colon \S/);
  await expect(page.locator('[data-testid="gutter-line"][data-line="3"]')).toHaveAttribute('data-severity', 'error');
});

test('a file without front matter is skipped with missing-frontmatter', async ({ page }) => {
  await open(page);
  await setText(page, '# Just Markdown\n\nNo front matter here.\n', 'notes');
  await expect(page.getByTestId('status')).toHaveText('skipped');
  const missing = page.locator('[data-testid="diagnostic"][data-code="missing-frontmatter"]');
  await expect(missing).toHaveCount(1);
  await expect(missing).toHaveAttribute('data-severity', 'error');
  await expect(missing).toHaveText(/^1:1 error missing-frontmatter \S/);
  await expect(page.getByTestId('skill')).toBeHidden();
});

test('a folder that differs from the name warns in runtime', async ({ page }) => {
  await open(page);
  await page.getByTestId('folder').fill('some-other-folder');
  await expect(page.getByTestId('status')).toHaveText('loads with warnings');
  await expect(page.locator('[data-testid="diagnostic"][data-code="name-mismatch"]')).toHaveAttribute('data-severity', 'warning');
});

test('clicking a diagnostic selects its line in the editor', async ({ page }) => {
  await open(page);
  await setText(page, COLON_SKILL, 'release-notes');
  await page.locator('[data-testid="diagnostic"][data-code="yaml-unquoted-colon"] button').click();
  const selected = await page.getByTestId('editor').evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selected).toBe('description: Use when: the user asks');
  await expect(page.getByTestId('editor')).toBeFocused();
});
