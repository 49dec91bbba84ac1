/**
 * Satchel demo: the skill editor around the live validator (validator.ts) — new, open, save to IndexedDB through the
 * worker's store, and the list of the person's own skills. Saving checks the revision the editor opened, so a change
 * made meanwhile (another tab) is refused with CONFLICT instead of overwritten.
 */
import { parseSkill } from '../../src/index.js';
import type { SkillInput, SkillSummary, StoredSkill } from '../../src/store/index.js';
import { el, must } from '../lib/dom.js';
import { announceChange, onEditRequest } from '../lib/events.js';
import { showHistory } from './history.js';
import { notLoaded, reasonFor, userSkillNames } from '../lib/load-warnings.js';
import { errorText, USER_NS, type Runtime } from '../lib/runtime.js';
import { editorProfile, editorText, setEditorText } from './validator.js';

const saveButton = must<HTMLButtonElement>('[data-testid="save"]');
const proposeButton = must<HTMLButtonElement>('[data-testid="propose"]');
const newButton = must<HTMLButtonElement>('[data-testid="new-skill"]');
const saveStatus = must<HTMLElement>('[data-testid="save-status"]');
const mySkills = must<HTMLUListElement>('[data-testid="my-skills"]');

/** A user skill to start from: valid, and routable by its description and examples. */
const TEMPLATE = `---
name: my-skill
description: Describe what this skill does and when to use it, in one or two sentences.
examples:
  - a request a user might type
---

# My skill

Write the steps the model should follow.
`;

let opened: Pick<StoredSkill, 'name' | 'revision' | 'files'> | undefined;

/** Opens the stored user skill `name` in the editor. */
async function open(runtime: Runtime, name: string): Promise<void> {
  const stored = await runtime.store.get(USER_NS, name);
  if (!stored) return;
  opened = stored;
  setEditorText(stored.text, stored.name);
  saveStatus.textContent = `Opened ${stored.name} at revision ${stored.revision} (${stored.state}).`;
  await showHistory(runtime, stored.name);
}

/** The editor's text as a write: the skill's name, and the input with the opened skill's files and revision. */
function pendingWrite(): (Pick<StoredSkill, 'name' | 'files'> & { text: string; input: SkillInput; expectedRevision: number }) | undefined {
  const text = editorText();
  const name = parseSkill(text, { profile: 'runtime' }).skill?.name;
  if (name === undefined) return undefined;
  // Same skill as opened: expect its revision and keep its resource files; a new name must not exist yet.
  const same = opened?.name === name ? opened : undefined;
  const files = same?.files ?? {};
  const input = Object.keys(files).length > 0 ? { ...files, 'SKILL.md': text } : text;
  return { name, files, text, input, expectedRevision: same?.revision ?? 0 };
}

async function save(runtime: Runtime): Promise<void> {
  const write = pendingWrite();
  if (!write) {
    saveStatus.textContent = 'Not saved: the runtime would skip this SKILL.md (see the diagnostics).';
    return;
  }
  const { name, files, text, input, expectedRevision } = write;
  try {
    // The validator's profile is the store's for this write: under `spec`, what the spec calls invalid is not saved.
    const profile = editorProfile();
    const result = await runtime.store.put(USER_NS, input, { expectedRevision, actor: 'person', profile });
    opened = { name, revision: result.revision, files };
    saveStatus.textContent = `Saved ${name} as revision ${result.revision}.`;
    setEditorText(text, name);
    announceChange();
    await showHistory(runtime, name);
  } catch (error) {
    saveStatus.textContent = `Not saved: ${errorText(error)}`;
  }
}

/** Writes the editor's text as the agent would: the store keeps it as a proposal until the person approves it. */
async function propose(runtime: Runtime): Promise<void> {
  const write = pendingWrite();
  if (!write) {
    saveStatus.textContent = 'Not proposed: the runtime would skip this SKILL.md (see the diagnostics).';
    return;
  }
  try {
    const result = await runtime.store.put(USER_NS, write.input, { expectedRevision: write.expectedRevision, actor: 'agent', profile: editorProfile() });
    saveStatus.textContent =
      result.proposal === undefined
        ? `Not proposed: ${write.name} already reads exactly so.`
        : `Proposed ${write.name} as the agent: it waits for your approval under Proposals.`;
    announceChange(); // a pending proposal changes no skill, so the store emits nothing: the panels read again here
  } catch (error) {
    saveStatus.textContent = `Not proposed: ${errorText(error)}`;
  }
}

function skillRow(runtime: Runtime, summary: SkillSummary, notLoadedBecause: string | undefined): HTMLLIElement {
  const button = el('button', { type: 'button', class: 'link mono', 'aria-label': `Open ${summary.name} in the editor` }, summary.name);
  button.addEventListener('click', () => void open(runtime, summary.name));
  const row = el(
    'li',
    { testid: 'my-skill', 'data-name': summary.name, 'data-state': summary.state, 'data-loaded': String(notLoadedBecause === undefined) },
    button,
    el('span', { class: 'muted' }, ` r${summary.revision} · ${summary.state}`),
  );
  if (notLoadedBecause !== undefined) row.append(el('span', { class: 'warning', testid: 'not-loaded' }, ` · not loaded: ${notLoadedBecause}`));
  return row;
}

/** Lists the person's own skills again, archived ones included; an active one the runtime did not load says why. */
export async function refreshMySkills(runtime: Runtime): Promise<void> {
  const [skills, loaded, diagnostics] = await Promise.all([runtime.store.list(USER_NS), userSkillNames(runtime), runtime.diagnostics]);
  const missing = new Set(notLoaded(skills, loaded).map((s) => s.name));
  mySkills.replaceChildren(...skills.map((s) => skillRow(runtime, s, missing.has(s.name) ? reasonFor(s.name, diagnostics) : undefined)));
  if (skills.length === 0) mySkills.append(el('li', { class: 'muted' }, 'None yet: write one, or import a folder.'));
}

/** Wires New and Save (also Ctrl/⌘+S in the editor) and opening a skill from another panel. */
export function mountEditor(runtime: Runtime): void {
  newButton.addEventListener('click', () => {
    opened = undefined;
    setEditorText(TEMPLATE, '');
    saveStatus.textContent = 'A new skill: give it a name and save it.';
    void showHistory(runtime, undefined);
  });
  saveButton.addEventListener('click', () => void save(runtime));
  proposeButton.addEventListener('click', () => void propose(runtime));
  must<HTMLTextAreaElement>('[data-testid="editor"]').addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 's') {
      event.preventDefault();
      void save(runtime);
    }
  });
  onEditRequest((name) => {
    void open(runtime, name).then(() => must<HTMLElement>('#editor-section').scrollIntoView({ block: 'start' }));
  });
}
