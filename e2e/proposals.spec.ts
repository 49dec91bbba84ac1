import { expect, open, saveNewSkill, sendTurn, shot, test } from './fixtures.js';

const NOTES = `---
name: standup-digest
description: Turn the team's daily standup updates into a short digest of progress, blockers and help needed. Use when the user pastes standup updates.
examples:
  - make a digest of these standup updates
---

# Standup digest

Group the updates by person; put blockers first.
`;

test('the Proposals panel says when proposals appear; a proposal made as the agent waits, then routes once approved', async ({ page }) => {
  await open(page);
  const panel = page.getByRole('region', { name: 'Proposals' });
  await expect(panel.getByTestId('proposals-explained')).toContainText('approval-gated');
  await expect(panel.getByTestId('proposals-explained')).toContainText('Propose as the agent');
  await expect(panel.getByTestId('no-proposals')).toBeVisible();

  await page.getByTestId('new-skill').click();
  await page.getByTestId('editor').fill(NOTES);
  await page.getByTestId('propose').click();
  await expect(page.getByTestId('save-status')).toHaveText('Proposed standup-digest as the agent: it waits for your approval under Proposals.');
  const proposal = panel.locator('[data-testid="proposal"][data-name="standup-digest"]');
  await expect(proposal).toContainText('put by agent, a new skill');
  await expect(proposal.getByTestId('proposal-diff')).toContainText('+name: standup-digest');
  // Pending, it is nobody's skill yet: not in My skills, not routed.
  await expect(page.locator('[data-testid="my-skill"][data-name="standup-digest"]')).toHaveCount(0);
  await sendTurn(page, 'make a digest of these standup updates');
  await expect(page.locator('[data-testid="activation"][data-name="standup-digest"]')).toHaveCount(0);
  await shot(page, 'proposal');

  await proposal.getByTestId('approve').click();
  await expect(panel.getByTestId('proposal-status')).toHaveText('Approved standup-digest: revision 1, by the agent, approved by you.');
  await expect(panel.getByTestId('no-proposals')).toBeVisible();
  await expect(page.locator('[data-testid="my-skill"][data-name="standup-digest"]')).toHaveCount(1);
  await sendTurn(page, 'make a digest of these standup updates');
  await expect(page.locator('[data-testid="activation"][data-name="standup-digest"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Open standup-digest in the editor' }).click();
  await expect(page.locator('[data-testid="revision"][data-revision="1"]')).toContainText('put by agent');
});

test('a rejected proposal writes nothing, and the skill stays as the person saved it', async ({ page }) => {
  await open(page);
  await saveNewSkill(page, NOTES, 'standup-digest');
  const changed = NOTES.replace('put blockers first', 'put blockers last');
  await page.getByTestId('editor').fill(changed);
  await page.getByTestId('propose').click();
  const proposal = page.locator('[data-testid="proposal"][data-name="standup-digest"]');
  await expect(proposal).toContainText('against r1');
  await expect(proposal.locator('.diff-removed')).toContainText('-Group the updates by person; put blockers first.');
  await expect(proposal.locator('.diff-added')).toContainText('+Group the updates by person; put blockers last.');
  await proposal.getByTestId('reject').click();
  await expect(page.getByTestId('proposal-status')).toHaveText('Rejected the proposal for standup-digest; nothing was written.');
  await expect(page.getByTestId('no-proposals')).toBeVisible();
  await expect(page.getByTestId('revision')).toHaveCount(1);
  await expect(page.locator('[data-testid="my-skill"][data-name="standup-digest"]')).toContainText('r1');
});
