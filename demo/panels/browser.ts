/**
 * Satchel demo: the skill browser — every tier the runtime loaded (builtin, org, user), searchable, each skill with
 * its origin badge, its scanner findings and its unmet needs; a chosen skill with where it came from, each finding,
 * its rendered instructions, its files and its diagnostics.
 */
import type { Diagnostic, Skill } from '../../src/index.js';
import { el, must } from '../lib/dom.js';
import { requestEdit } from '../lib/events.js';
import { showMarkdown } from '../widgets/markdown.js';
import { errorText, type Runtime } from '../lib/runtime.js';
import { followProvenance } from '../lib/provenance.js';
import { provenanceSlot } from '../widgets/provenance-view.js';

const search = must<HTMLInputElement>('#browse-search');
const tier = must<HTMLSelectElement>('#browse-tier');
const list = must<HTMLUListElement>('[data-testid="browse-list"]');
const detail = must<HTMLElement>('[data-testid="browse-detail"]');
const summary = must<HTMLElement>('[data-testid="browse-summary"]');

let skills: Skill[] = [];
let selected = '';

function matches(skill: Skill, query: string): boolean {
  if (query === '') return true;
  const haystack = [skill.name, skill.description, ...(skill.intents ?? []), ...(skill.tags ?? [])].join(' ').toLowerCase();
  return query.split(/\s+/).every((word) => haystack.includes(word));
}

function renderList(runtime: Runtime): void {
  const query = search.value.trim().toLowerCase();
  const shown = skills.filter((s) => (tier.value === '' || s.source === tier.value) && matches(s, query));
  summary.textContent = `${shown.length} of ${skills.length} skills`;
  list.replaceChildren(
    ...shown.map((skill) => {
      const button = el(
        'button',
        { type: 'button', 'aria-pressed': String(skill.name === selected) },
        el('span', { class: 'mono' }, skill.name),
        ' ',
        provenanceSlot(skill.name, 'row'),
      );
      button.addEventListener('click', () => void select(runtime, skill.name));
      return el('li', { testid: 'browse-skill', 'data-name': skill.name, 'data-tier': skill.source }, button);
    }),
  );
  if (shown.length === 0) list.append(el('li', { class: 'muted' }, 'No skill matches.'));
}

function diagnosticsList(diagnostics: readonly Diagnostic[]): HTMLElement {
  if (diagnostics.length === 0) return el('p', { class: 'muted', testid: 'browse-no-diagnostics' }, 'No diagnostics.');
  return el(
    'ul',
    { class: 'diagnostics' },
    ...diagnostics.map((d) =>
      el(
        'li',
        { class: `diagnostic severity-${d.severity}`, testid: 'browse-diagnostic', 'data-code': d.code },
        `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`,
      ),
    ),
  );
}

function fileList(runtime: Runtime, skill: Skill): HTMLElement {
  if (skill.files.length === 0) return el('p', { class: 'muted' }, 'No resource files.');
  const viewer = el('pre', { class: 'file-view', testid: 'browse-file-text', hidden: '' });
  const items = skill.files.map((file) => {
    const open = el('button', { type: 'button', class: 'link' }, file.path);
    open.disabled = !file.isText;
    open.addEventListener('click', async () => {
      viewer.hidden = false;
      viewer.textContent = await runtime.readFile(skill.name, file.path).catch(errorText);
    });
    return el('li', { testid: 'browse-file' }, open, el('span', { class: 'muted' }, ` ${file.size} B`));
  });
  return el('div', {}, el('ul', { class: 'files' }, ...items), viewer);
}

/** The skill with its body: the builtin skills are bundled lazily (metadata first), so one is read in full when opened. */
async function inFull(runtime: Runtime, skill: Skill): Promise<Skill> {
  if (skill.loaded !== false) return skill;
  const [full] = await runtime.ensureLoaded(skill.name).catch(() => [skill]);
  return full ?? skill;
}

function renderDetail(runtime: Runtime, skill: Skill): void {
  const instructions = el('div', { class: 'rendered', testid: 'browse-instructions' });
  showMarkdown(instructions, skill.content);
  const facts = el(
    'dl',
    { class: 'facts' },
    el('dt', {}, 'tier'),
    el('dd', { testid: 'browse-tier' }, skill.source),
    el('dt', {}, 'activation'),
    el('dd', { testid: 'browse-activation' }, skill.activation),
    el('dt', {}, 'intents'),
    el('dd', { class: 'mono' }, (skill.intents ?? []).join(', ') || '—'),
    el('dt', {}, 'digest'),
    el('dd', { class: 'mono' }, skill.digest),
  );
  const edit = el('button', { type: 'button', testid: 'browse-edit' }, 'Open in the editor');
  edit.addEventListener('click', () => requestEdit(skill.name));
  detail.replaceChildren(
    el('h3', { class: 'mono', testid: 'browse-name', tabindex: '-1' }, skill.name),
    el('p', {}, skill.description),
    facts,
    ...(skill.source === 'user' ? [edit] : []),
    el('h4', {}, 'Origin and scanner findings'),
    provenanceSlot(skill.name, 'detail'),
    el('h4', {}, 'Diagnostics'),
    diagnosticsList(skill.diagnostics),
    el('h4', {}, 'Instructions'),
    instructions,
    el('h4', {}, `Files (${skill.files.length})`),
    fileList(runtime, skill),
  );
}

async function select(runtime: Runtime, name: string): Promise<void> {
  selected = name;
  renderList(runtime);
  const listed = skills.find((s) => s.name === name);
  if (!listed) return void detail.replaceChildren(el('p', { class: 'muted' }, 'Choose a skill.'));
  renderDetail(runtime, await inFull(runtime, listed));
  detail.querySelector<HTMLElement>('h3')?.focus();
}

/** Reads every loaded skill again and redraws the list (and the open skill). */
export async function refreshBrowser(runtime: Runtime): Promise<void> {
  skills = [...(await runtime.getAll())].sort((a, b) => a.name.localeCompare(b.name));
  // Origins first (one call), so every row is drawn with its badge; the scans follow in the worker.
  await followProvenance(
    runtime,
    skills.map((s) => s.name),
  );
  renderList(runtime);
  const open = skills.find((s) => s.name === selected);
  if (open) renderDetail(runtime, await inFull(runtime, open));
  else detail.replaceChildren(el('p', { class: 'muted' }, 'Choose a skill to see its instructions, files and diagnostics.'));
}

/** Wires the search box and the tier filter. */
export function mountBrowser(runtime: Runtime): void {
  search.addEventListener('input', () => renderList(runtime));
  tier.addEventListener('change', () => renderList(runtime));
}
