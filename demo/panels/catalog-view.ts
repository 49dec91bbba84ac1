/**
 * Satchel demo: the catalog exactly as the model would get it for the current turn (Markdown or XML) within a chosen
 * budget, what the budget did to it and why, and what the `skills.load` tool returns for a chosen skill, rendered.
 * "Tag each skill's origin" asks for `catalogFit({ origins: true })`: every description tagged `[builtin]`, `[user]`,
 * `[agent]`, … for a model told to weigh where a skill came from.
 */
import { SKILL_TOOLS, type CatalogFit, type LoadedSkill } from '../../src/index.js';
import { el, must } from '../lib/dom.js';
import { onLoadRequest } from '../lib/events.js';
import { showMarkdown } from '../widgets/markdown.js';
import { errorText, type Runtime } from '../lib/runtime.js';

const catalogOut = must<HTMLPreElement>('[data-testid="catalog"]');
const formatSelect = must<HTMLSelectElement>('#catalog-format');
const budgetSelect = must<HTMLSelectElement>('#catalog-budget');
const originsBox = must<HTMLInputElement>('#catalog-origins');
const budgetOut = must<HTMLElement>('[data-testid="catalog-budget-summary"]');
const loadSelect = must<HTMLSelectElement>('#load-skill');
const loadOut = must<HTMLElement>('[data-testid="load-result"]');

let turn = '';

/** Shows the catalog for `text` in the chosen format. */
export async function showCatalog(runtime: Runtime, text = turn): Promise<void> {
  turn = text;
  const format = formatSelect.value === 'xml' ? 'xml' : 'markdown';
  const maxBytes = budgetSelect.value === '' ? {} : { maxBytes: Number(budgetSelect.value) };
  try {
    const fit = await runtime.catalogFit({ format, turn: text, ...maxBytes, origins: originsBox.checked });
    catalogOut.textContent = fit.text === '' ? '(no skills: the catalog is omitted)' : fit.text;
    budgetOut.textContent = budgetSummary(fit);
  } catch (error) {
    catalogOut.textContent = errorText(error);
    budgetOut.textContent = '';
  }
}

/** What the budget did, in a sentence: how many skills are whole, shortened, by name alone and left out, and why. */
function budgetSummary(fit: CatalogFit): string {
  const count = (form: string): number => fit.entries.filter((e) => e.form === form).length;
  const size = `${fit.bytes} of ${fit.maxBytes} bytes`;
  const [shortened, names, out] = [count('shortened'), count('name'), fit.unlisted.length];
  if (shortened + names + out === 0) return `Every skill whole: ${size}.`;
  const parts = [`${count('whole')} whole`];
  if (shortened > 0) parts.push(`${shortened} with the description shortened at a word (…)`);
  if (names > 0) parts.push(`${names} by name alone`);
  if (out > 0) parts.push(`${out} left out (${fit.unlisted.slice(0, 5).join(', ')}${out > 5 ? ', …' : ''}), which skills.search still finds`);
  const why = out > 0 ? 'names alone no longer all fit' : 'the whole descriptions do not fit';
  return `The budget cut this catalog, because ${why}: ${parts.join(', ')}; ${size}. The turn's activated skills stay whole; the rest follow by relevance.`;
}

function renderLoaded(loaded: LoadedSkill): void {
  const body = el('div', { class: 'rendered', testid: 'load-instructions' });
  showMarkdown(body, loaded.instructions);
  const files = loaded.files.map((file) => el('li', { class: 'mono' }, `${file.path} (${file.size} B${file.isText ? '' : ', binary'})`));
  loadOut.replaceChildren(
    el('p', {}, el('strong', { class: 'mono' }, loaded.name), ` — ${loaded.description}`),
    body,
    el('h4', {}, `Files (${loaded.files.length})`),
    files.length > 0 ? el('ul', {}, ...files) : el('p', { class: 'muted' }, 'None.'),
    el(
      'details',
      {},
      el('summary', {}, 'The tool output as the model receives it'),
      el('pre', { class: 'catalog', testid: 'load-json' }, JSON.stringify(loaded, null, 2)),
    ),
  );
}

/** Runs `skills.load` for the chosen skill, with the grants the tool needs, and renders its answer. */
async function showLoad(runtime: Runtime): Promise<void> {
  const name = loadSelect.value;
  if (name === '') {
    loadOut.replaceChildren(el('p', { class: 'muted' }, 'Choose a skill to see what skills.load returns.'));
    return;
  }
  try {
    renderLoaded((await runtime.runTool(SKILL_TOOLS.load, { name }, { grants: SKILL_TOOLS.permissions })) as LoadedSkill);
  } catch (error) {
    loadOut.replaceChildren(el('p', { class: 'error' }, errorText(error)));
  }
}

/** Refills the skill menu of `skills.load` (model-visible skills only), keeping the choice when it still exists. */
async function refreshLoadMenu(runtime: Runtime): Promise<void> {
  const names = (await runtime.getAll()).filter((s) => s.disableModelInvocation !== true).map((s) => s.name);
  const chosen = loadSelect.value;
  loadSelect.replaceChildren(el('option', { value: '' }, 'Choose a skill…'), ...names.map((name) => el('option', { value: name }, name)));
  loadSelect.value = names.includes(chosen) ? chosen : '';
}

/** Wires the format and skill menus; call {@link refreshCatalogView} after the skill set changes. */
export function mountCatalogView(runtime: Runtime): void {
  formatSelect.addEventListener('change', () => void showCatalog(runtime));
  budgetSelect.addEventListener('change', () => void showCatalog(runtime));
  originsBox.addEventListener('change', () => void showCatalog(runtime));
  loadSelect.addEventListener('change', () => void showLoad(runtime));
  onLoadRequest((name) => {
    loadSelect.value = name;
    void showLoad(runtime).then(() => loadOut.scrollIntoView({ block: 'nearest' }));
  });
}

/** Reads the catalog, the menu and the loaded skill again. */
export async function refreshCatalogView(runtime: Runtime): Promise<void> {
  await refreshLoadMenu(runtime);
  await Promise.all([showCatalog(runtime), showLoad(runtime)]);
}
