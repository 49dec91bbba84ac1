/**
 * Satchel demo: the revision history of the user skill open in the editor — every revision, a diff between any two,
 * rollback (an older revision copied into a new one), archive and restore.
 */
import type { SkillRevision, StoredSkill } from '../../src/store/index.js';
import { renderDiff } from '../widgets/diff-view.js';
import { el, must, shortDigest } from '../lib/dom.js';
import { announceChange, requestEdit } from '../lib/events.js';
import { errorText, USER_NS, type Runtime } from '../lib/runtime.js';

const panel = must<HTMLElement>('[data-testid="history"]');
const list = must<HTMLOListElement>('[data-testid="revisions"]');
const fromSelect = must<HTMLSelectElement>('#diff-from');
const toSelect = must<HTMLSelectElement>('#diff-to');
const diffOut = must<HTMLElement>('[data-testid="diff-out"]');
const stateButton = must<HTMLButtonElement>('[data-testid="archive-toggle"]');
const note = must<HTMLElement>('[data-testid="history-note"]');

let revisions: SkillRevision[] = [];
let current: StoredSkill | undefined;

function showDiff(): void {
  const from = revisions.find((r) => String(r.revision) === fromSelect.value);
  const to = revisions.find((r) => String(r.revision) === toSelect.value);
  diffOut.replaceChildren(from && to ? renderDiff(from, to) : el('p', { class: 'muted' }, 'Save twice to compare revisions.'));
}

function revisionRow(runtime: Runtime, revision: SkillRevision, latest: number): HTMLLIElement {
  const from = revision.from === undefined ? '' : ` of r${revision.from}`;
  const row = el(
    'li',
    { testid: 'revision', 'data-revision': String(revision.revision) },
    el('strong', {}, `r${revision.revision}`),
    ` ${revision.action}${from} by ${revision.actor.kind} · ${new Date(revision.at).toLocaleString()} · `,
    el('code', { title: revision.digest }, shortDigest(revision.digest)),
  );
  if (revision.revision !== latest) {
    const rollback = el('button', { type: 'button', testid: 'rollback', 'aria-label': `Roll back to revision ${revision.revision}` }, 'Roll back');
    rollback.addEventListener(
      'click',
      () => void act(runtime, () => runtime.store.rollback(USER_NS, revision.name, revision.revision, { expectedRevision: latest })),
    );
    row.append(' ', rollback);
  }
  return row;
}

function fillSelect(select: HTMLSelectElement, value: number): void {
  select.replaceChildren(...revisions.map((r) => el('option', { value: String(r.revision) }, `r${r.revision}`)));
  select.value = String(value);
}

/** Runs a store action on the open skill, then reopens it in the editor at its new latest revision. */
async function act(runtime: Runtime, run: () => Promise<unknown>): Promise<void> {
  if (!current) return;
  const name = current.name;
  try {
    await run();
    announceChange();
    requestEdit(name);
  } catch (error) {
    note.textContent = errorText(error);
  }
}

/** Shows the history of the user skill `name`; hides the panel for a skill not saved yet. */
export async function showHistory(runtime: Runtime, name: string | undefined): Promise<void> {
  current = name === undefined ? undefined : await runtime.store.get(USER_NS, name);
  panel.hidden = current === undefined;
  if (!current) return;
  revisions = await runtime.store.history(USER_NS, current.name);
  const latest = current.revision;
  list.replaceChildren(...revisions.map((r) => revisionRow(runtime, r, latest)).reverse());
  fillSelect(fromSelect, Math.max(1, latest - 1));
  fillSelect(toSelect, latest);
  stateButton.textContent = current.state === 'archived' ? 'Restore' : 'Archive';
  stateButton.dataset['state'] = current.state;
  note.textContent = current.state === 'archived' ? 'Archived: out of routing and the catalog; every revision is kept.' : '';
  showDiff();
}

/** Wires the diff menus and the archive/restore button. */
export function mountHistory(runtime: Runtime): void {
  fromSelect.addEventListener('change', showDiff);
  toSelect.addEventListener('change', showDiff);
  stateButton.addEventListener('click', () => {
    const skill = current;
    if (!skill) return;
    const options = { expectedRevision: skill.revision };
    void act(runtime, () =>
      skill.state === 'archived' ? runtime.store.restore(USER_NS, skill.name, options) : runtime.store.archive(USER_NS, skill.name, options),
    );
  });
}
