/**
 * Satchel demo: the proposals queue. The demo's store is `approval-gated`, so a change an agent makes to the person's
 * skills ("Propose as the agent" in the editor) waits here with its diff until the person approves it — it becomes a
 * revision by the agent, and routes — or rejects it. The scanner's findings in the proposed content (made when it was
 * proposed) are listed with it, where the person decides.
 */
import type { Proposal } from '../../src/store/index.js';
import { el, must } from '../lib/dom.js';
import { announceChange } from '../lib/events.js';
import { errorText, USER_NS, type Runtime } from '../lib/runtime.js';
import { findingsList } from '../widgets/provenance-view.js';

const list = must<HTMLUListElement>('[data-testid="proposals"]');
const status = must<HTMLElement>('[data-testid="proposal-status"]');

/** A unified diff as rows, added and removed lines marked (the file headers stay plain). */
function diffOf(diff: string): HTMLElement {
  if (diff === '') return el('p', { class: 'muted' }, 'No content changes.');
  const rows = diff
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => {
      const kind = /^\+(?!\+\+ )/.test(line) ? 'added' : /^-(?!-- )/.test(line) ? 'removed' : 'same';
      return el('span', { class: `diff-line diff-${kind}` }, `${line}\n`);
    });
  return el('pre', { class: 'diff', testid: 'proposal-diff' }, ...rows);
}

/** What the scanner found in the proposed content: a line, then each finding. */
function findingsOf(p: Proposal): HTMLElement[] {
  const findings = p.findings ?? []; // a proposal kept from before the scanner has none recorded
  if (findings.length === 0) return [el('p', { class: 'muted', testid: 'proposal-no-findings' }, 'The scanner found nothing in this change.')];
  const count = `${findings.length} finding${findings.length === 1 ? '' : 's'}`;
  return [
    el('p', { class: 'warning', testid: 'proposal-findings-count', 'data-count': String(findings.length) }, `The scanner found ${count}:`),
    findingsList(findings, 'proposal-findings'),
  ];
}

/** Runs an approval or a rejection, says what happened, and has every panel read again. */
async function decide(run: () => Promise<string>): Promise<void> {
  try {
    status.textContent = await run();
  } catch (error) {
    status.textContent = `Not done: ${errorText(error)}`;
  }
  announceChange();
}

function proposalRow(runtime: Runtime, p: Proposal): HTMLLIElement {
  const against = p.baseRevision === 0 ? 'a new skill' : `against r${p.baseRevision}`;
  const approve = el('button', { type: 'button', testid: 'approve', 'aria-label': `Approve the proposal for ${p.name}` }, 'Approve');
  const reject = el('button', { type: 'button', testid: 'reject', 'aria-label': `Reject the proposal for ${p.name}` }, 'Reject');
  approve.addEventListener(
    'click',
    () => void decide(async () => `Approved ${p.name}: revision ${(await runtime.store.approve(p.id)).revision}, by the agent, approved by you.`),
  );
  reject.addEventListener(
    'click',
    () =>
      void decide(async () => {
        await runtime.store.reject(p.id);
        return `Rejected the proposal for ${p.name}; nothing was written.`;
      }),
  );
  return el(
    'li',
    { class: 'proposal', testid: 'proposal', 'data-name': p.name, 'data-id': p.id },
    el(
      'p',
      {},
      el('strong', { class: 'mono' }, p.name),
      ` — ${p.action} by ${p.actor.kind}, ${against}, ${new Date(p.createdAt).toLocaleString()} `,
      approve,
      ' ',
      reject,
    ),
    ...findingsOf(p),
    diffOf(p.diff),
  );
}

/** Shows the pending proposals of the user namespace, or that none exist. */
export async function refreshProposals(runtime: Runtime): Promise<void> {
  const proposals = await runtime.store.proposals(USER_NS);
  list.replaceChildren(...proposals.map((p) => proposalRow(runtime, p)));
  if (proposals.length === 0) list.append(el('li', { class: 'muted', testid: 'no-proposals' }, 'No proposals: no agent has proposed a change to your skills.'));
}
