import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { strFromU8, unzipSync, zipSync, strToU8 } from 'fflate';
import { expect, open, shot, test } from './fixtures.js';

const FOLDERS: Record<string, string> = {
  'team-skills/standup-digest/SKILL.md': `---
name: standup-digest
description: Turn the team's daily standup updates into a short digest of progress, blockers and help needed. Use when the user pastes standup updates and wants a digest.
---

# Standup digest

Group the updates by person; put blockers first. See [the format](references/format.md).
`,
  'team-skills/standup-digest/references/format.md': '# Digest format\n\n- Blockers\n- Progress\n- Help needed\n',
  'team-skills/oncall-handover/SKILL.md': `---
name: oncall-handover
description: Write the on-call handover note at the end of a shift with open incidents, noisy alerts and follow-ups. Use when an on-call engineer hands over to the next one.
---

# On-call handover

List the open incidents with their status, then the alerts that fired most, then the follow-ups.
`,
  // Hidden files are not part of a skill.
  'team-skills/oncall-handover/.DS_Store': 'junk',
};

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

test('a folder of skill folders imports with progress, and a .zip export holds them, files included', async ({ page }) => {
  const root = test.info().outputPath('pick');
  writeTree(root, FOLDERS);
  await open(page);
  await page.getByLabel('Import skill folders').setInputFiles(join(root, 'team-skills'));
  await expect(page.getByTestId('import-ok')).toHaveCount(2);
  await expect(page.getByTestId('import-failed')).toHaveCount(0);
  await expect(page.getByTestId('import-progress')).toHaveJSProperty('value', 2);
  await expect(page.getByTestId('import-summary')).toHaveText('Done: 2 saved, 0 refused, 0 warnings.');
  await expect(page.locator('[data-testid="browse-skill"][data-tier="user"]')).toHaveCount(2);
  await shot(page, 'import');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-zip').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('satchel-skills.zip');
  const size = (await stat(await download.path())).size;
  await expect(page.getByTestId('export-status')).toHaveText(
    `Wrote satchel-skills.zip: 2 skills (oncall-handover, standup-digest), 3 files, ${size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`}.`,
  );
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(Object.keys(zip).sort()).toEqual(['oncall-handover/SKILL.md', 'standup-digest/SKILL.md', 'standup-digest/references/format.md']);
  for (const [path, bytes] of Object.entries(zip)) expect(strFromU8(bytes)).toBe(FOLDERS[`team-skills/${path}`]);
});

test('a folder imported into the org tier shows as org, ahead of the user tier', async ({ page }) => {
  const root = test.info().outputPath('pick');
  writeTree(root, FOLDERS);
  await open(page);
  await page.getByLabel('Import into').selectOption('org');
  await page.getByLabel('Import skill folders').setInputFiles(join(root, 'team-skills', 'standup-digest'));
  await expect(page.getByTestId('import-ok')).toHaveCount(1);
  await expect(page.locator('[data-testid="browse-skill"][data-name="standup-digest"]')).toHaveAttribute('data-tier', 'org');
  await page.getByLabel('Tier').selectOption('org');
  await expect(page.getByTestId('browse-skill')).toHaveCount(1);
  // My skills (the user tier) stay empty.
  await expect(page.getByTestId('my-skill')).toHaveCount(0);
});

test('a .zip of skills imports into a fresh browser profile and routes', async ({ page }) => {
  const zipPath = test.info().outputPath('skills.zip');
  const entries = Object.fromEntries(Object.entries(FOLDERS).map(([path, text]) => [path.replace('team-skills/', 'export/'), strToU8(text)]));
  writeFileSync(zipPath, zipSync(entries));
  await open(page);
  await page.getByLabel('Import a .zip or an archive .json').setInputFiles(zipPath);
  await expect(page.getByTestId('import-ok')).toHaveCount(2);
  await page.locator('[data-testid="browse-skill"][data-name="standup-digest"] button').click();
  await expect(page.getByTestId('browse-file')).toHaveCount(1);
  await page.getByLabel('Message', { exact: true }).fill('make a digest of these standup updates');
  await expect(page.getByRole('region', { name: 'Activations' }).getByTestId('activation').first()).toHaveAttribute('data-name', 'standup-digest');
});

test('the store archive exports as JSON and imports with every revision', async ({ page, browser }) => {
  const root = test.info().outputPath('pick');
  writeTree(root, FOLDERS);
  await open(page);
  await page.getByLabel('Import skill folders').setInputFiles(join(root, 'team-skills'));
  await expect(page.getByTestId('import-ok')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-archive').click();
  const archivePath = test.info().outputPath('archive.json');
  await (await downloading).saveAs(archivePath);
  expect(JSON.parse(readFileSync(archivePath, 'utf8'))).toMatchObject({ format: 'satchel-skill-archive', namespace: ['demo', 'me', 'skills'] });
  await expect(page.getByTestId('export-status')).toHaveText(
    /^Wrote satchel-skills\.archive\.json: 2 skills \(oncall-handover, standup-digest\), 2 revisions, \d/,
  );

  // Another profile: an empty store that takes the archive whole.
  const other = await browser.newPage();
  await open(other);
  await other.getByLabel('Import a .zip or an archive .json').setInputFiles(archivePath);
  await expect(other.getByTestId('import-ok')).toHaveText('archive.json: oncall-handover, standup-digest imported');
  await expect(other.locator('[data-testid="my-skill"]')).toHaveCount(2);
  // The same archive again is refused whole, and each skill says why: the names exist now.
  await other.getByLabel('Import a .zip or an archive .json').setInputFiles(archivePath);
  await expect(other.getByTestId('import-failed')).toHaveText([
    'archive.json: not imported — 2 of its 2 skills cannot be written here, so none was:',
    'oncall-handover: refused — already in your skills (r1, active); an archive import never overwrites a skill',
    'standup-digest: refused — already in your skills (r1, active); an archive import never overwrites a skill',
  ]);
  await expect(other.getByTestId('import-summary')).toHaveText('Done: 0 saved, 2 refused, 0 warnings.');
  await other.close();
});

test('a refused archive says per skill which names stand in the way and which were only held back', async ({ page, browser }) => {
  const root = test.info().outputPath('pick');
  writeTree(root, FOLDERS);
  await open(page);
  await page.getByLabel('Import skill folders').setInputFiles(join(root, 'team-skills'));
  await expect(page.getByTestId('import-ok')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-archive').click();
  const archivePath = test.info().outputPath('archive.json');
  await (await downloading).saveAs(archivePath);

  // Another profile holds one of the two names already.
  const other = await browser.newPage();
  await open(other);
  await other.getByLabel('Import skill folders').setInputFiles(join(root, 'team-skills', 'standup-digest'));
  await expect(other.getByTestId('import-ok')).toHaveCount(1);
  await other.getByLabel('Import a .zip or an archive .json').setInputFiles(archivePath);
  await expect(other.getByTestId('import-failed')).toHaveText([
    'archive.json: not imported — 1 of its 2 skills cannot be written here, so none was:',
    'standup-digest: refused — already in your skills (r1, active); an archive import never overwrites a skill',
  ]);
  await expect(other.getByTestId('import-skipped')).toHaveText('oncall-handover: not imported — new here, but an archive imports all of its skills or none');
  await expect(other.locator('[data-testid="my-skill"][data-name="oncall-handover"]')).toHaveCount(0);
  await other.close();
});

test('a broken .zip is named in the page words, and the log ends with a summary of saved, refused and warnings', async ({ page }) => {
  const broken = test.info().outputPath('broken.zip');
  const whole = zipSync({ 'x/SKILL.md': strToU8(FOLDERS['team-skills/standup-digest/SKILL.md'] ?? '') });
  writeFileSync(broken, whole.slice(0, whole.length >> 1));
  const mixed = test.info().outputPath('mixed.zip');
  writeFileSync(
    mixed,
    zipSync({
      // Saved with a warning: its name is not its folder's.
      'renamed/SKILL.md': strToU8(FOLDERS['team-skills/standup-digest/SKILL.md'] ?? ''),
      // Refused: a builtin skill holds the name.
      'refund-policy/SKILL.md': strToU8(
        '---\nname: refund-policy\ndescription: A copy of the refund policy skill, which is builtin here.\n---\n\n# Copy\n\nNothing.\n',
      ),
    }),
  );
  await open(page);
  await page.getByLabel('Import a .zip or an archive .json').setInputFiles(broken);
  const failed = page.getByTestId('import-failed');
  await expect(failed).toHaveText(
    'broken.zip: not imported — this file has no table of contents where a .zip keeps it: it is cut short, damaged, or not a .zip at all.',
  );
  await expect(failed).toHaveAttribute('title', 'fflate: invalid zip data');
  await expect(page.getByTestId('import-summary')).toHaveText('Done: 0 saved, 0 refused, 0 warnings; 1 file could not be read.');

  await page.getByLabel('Import a .zip or an archive .json').setInputFiles(mixed);
  await expect(page.getByTestId('import-ok')).toHaveText('standup-digest: saved as revision 1');
  await expect(page.getByTestId('import-warning')).toHaveText(/^standup-digest: warning — name-mismatch: /);
  await expect(failed).toHaveText(/^refund-policy: refused — CONFLICT: /);
  await expect(page.getByTestId('import-summary')).toHaveText('Done: 1 saved, 1 refused, 1 warning.');
  await shot(page, 'import-summary');
});

test('exporting with no skills says there is nothing to export and downloads nothing', async ({ page }) => {
  await open(page);
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByTestId('export-zip').click();
  await expect(page.getByTestId('export-status')).toHaveText('Nothing exported: you have no active skills yet.');
  await page.getByTestId('export-archive').click();
  await expect(page.getByTestId('export-status')).toHaveText('Nothing exported: you have no skills yet.');
  expect(downloads).toBe(0);
});
