import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, open, sendTurn, test } from './fixtures.js';

// More than the 50 items a foreign store is read up to: Satchel's own store is read whole, so all of them load again
// after a reload, and the status line follows the import and the reload.
const COUNT = 70;

test('every imported skill loads again after a reload, and the status line says how many', async ({ page }) => {
  const root = test.info().outputPath('many');
  for (let i = 0; i < COUNT; i++) {
    const name = `bulk-skill-${String(i).padStart(2, '0')}`;
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(
      join(root, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Bulk skill number ${i}. Use when testing bulk imports.\n---\n\nDo step ${i}.\n`,
    );
  }
  await open(page);
  const builtin = Number(/^(\d+) skills loaded/.exec((await page.getByTestId('runtime-status').textContent()) ?? '')?.[1]);
  await page.getByLabel('Import skill folders').setInputFiles(root);
  await expect(page.getByTestId('import-ok')).toHaveCount(COUNT);
  await expect(page.getByTestId('runtime-status')).toHaveText(`${builtin + COUNT} skills loaded in the worker.`);

  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('runtime-status')).toHaveText(`${builtin + COUNT} skills loaded in the worker.`);
  await expect(page.getByTestId('runtime-status')).toHaveAttribute('data-warnings', '0');
  await expect(page.getByTestId('my-skill')).toHaveCount(COUNT);
  await expect(page.locator('[data-testid="my-skill"][data-loaded="false"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="browse-skill"][data-tier="user"]')).toHaveCount(COUNT);
  await sendTurn(page, '/bulk-skill-69 go');
  await expect(page.locator('[data-testid="activation"][data-name="bulk-skill-69"]')).toHaveCount(1);
});
