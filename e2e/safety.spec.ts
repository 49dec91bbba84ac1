import { expect, open, saveNewSkill, test } from './fixtures.js';

const HOSTILE = `---
name: hostile-skill
description: A skill whose Markdown tries to run script and load remote content in the page that shows it.
---

# Hostile skill

<script>window.__pwned = 'script'</script>

<img src="x" onerror="window.__pwned = 'onerror'">

<img src="https://example.com/track.png" alt="tracker">

[click me](javascript:window.__pwned='link')

<iframe src="https://example.com/"></iframe>

![remote tracker](https://example.com/pixel.png)

[a real link](https://example.com/ "title")

Plain text stays.
`;

test('a skill whose Markdown carries script, onerror and remote content runs and loads nothing', async ({ page }) => {
  const remote: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) remote.push(request.url());
  });
  await open(page);
  await saveNewSkill(page, HOSTILE, 'hostile-skill');

  await page.locator('[data-testid="browse-skill"][data-name="hostile-skill"] button').click();
  const rendered = page.getByTestId('browse-instructions');
  await expect(rendered).toContainText('Plain text stays.');
  await page.getByLabel('Skill to load').selectOption('hostile-skill');
  await expect(page.getByTestId('load-instructions')).toContainText('Plain text stays.');

  for (const region of [rendered, page.getByTestId('load-instructions')]) {
    await expect(region.locator('script, iframe, [onerror], [onclick]')).toHaveCount(0);
    await expect(region.locator('img[src]')).toHaveCount(0);
    await expect(region).toContainText('remote tracker');
    // Raw HTML is shown as text, never parsed into elements.
    await expect(region).toContainText('<script>window.__pwned');
    await expect(region.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(region.locator('a[href="https://example.com/"]')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  }
  await page.locator('[data-testid="browse-instructions"] a', { hasText: 'click me' }).click();
  await page.waitForTimeout(300); // give any smuggled handler time to run
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(remote).toEqual([]);
});
