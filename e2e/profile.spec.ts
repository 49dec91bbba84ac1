import { expect, open, test } from './fixtures.js';

const UPPER =
  '---\nname: Standup-Digest\ndescription: Turn standup updates into a digest of progress and blockers.\n---\n\n# Standup digest\n\nBlockers first.\n';
const UNMENTIONABLE = '---\nname: Bad Name!\ndescription: A skill whose name has a space and a bang in it.\n---\n\n# Bad\n\nDo it.\n';

test('the spec profile means strict: what it calls invalid is not saved, and the runtime profile saves it', async ({ page }) => {
  await open(page);
  await page.getByTestId('profile').selectOption('spec');
  await page.getByTestId('new-skill').click();
  await page.getByTestId('editor').fill(UPPER);
  await expect(page.getByTestId('status')).toHaveText('invalid');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save-status')).toHaveText(/^Not saved: .*name-format/);
  await expect(page.getByTestId('my-skill')).toHaveCount(0);

  await page.getByTestId('profile').selectOption('runtime');
  await page.getByTestId('save').click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved Standup-Digest as revision 1.');
  await expect(page.getByTestId('my-skill')).toHaveCount(1);
});

test('a name that can never be mentioned is refused in every profile, its characters named', async ({ page }) => {
  await open(page);
  for (const profile of ['runtime', 'spec']) {
    await page.getByTestId('profile').selectOption(profile);
    await page.getByTestId('new-skill').click();
    await page.getByTestId('editor').fill(UNMENTIONABLE);
    await page.getByTestId('save').click();
    await expect(page.getByTestId('save-status')).toHaveText(/^Not saved: .*" " \(space\), "!"/);
  }
  await expect(page.getByTestId('my-skill')).toHaveCount(0);
});
