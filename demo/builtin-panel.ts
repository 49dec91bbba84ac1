/**
 * Satchel demo: the "Built-in skills" panel. The skills in `demo/skills/` are bundled at build time by the
 * `satchelSkills()` Vite plugin (virtual module `virtual:satchel/skills`) and loaded here, in the page, by a
 * `SkillLoader` over `bundleSource(bundle)` — no server, no network.
 */
import bundle from 'virtual:satchel/skills';
import { bundleSource, formatDiagnostic, SkillLoader, type Skill } from '../src/index.js';
import './builtin-panel.css';
import { must } from './dom.js';

function cell(text: string, testid: string, className?: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.dataset['testid'] = testid;
  if (className) td.className = className;
  td.textContent = text;
  return td;
}

/** `sha256:` + the first 12 hex digits: enough to tell revisions apart at a glance. */
function shortDigest(digest: string): string {
  return digest.replace(/^(sha256:[0-9a-f]{12})[0-9a-f]*$/, '$1…');
}

function renderRows(skills: readonly Skill[]): void {
  const rows = skills.map((skill) => {
    const row = document.createElement('tr');
    row.dataset['testid'] = 'builtin-skill';
    row.dataset['name'] = skill.name;
    row.dataset['activation'] = skill.activation;
    const digest = cell(shortDigest(skill.digest), 'builtin-skill-digest', 'mono');
    digest.title = skill.digest;
    row.append(
      cell(skill.name, 'builtin-skill-name', 'mono'),
      cell(skill.activation, 'builtin-skill-activation'),
      cell((skill.intents ?? []).join(', ') || '—', 'builtin-skill-intents', 'mono'),
      cell(skill.description, 'builtin-skill-description'),
      digest,
      cell(String(skill.files.length), 'builtin-skill-files', 'num'),
    );
    return row;
  });
  must<HTMLTableSectionElement>('[data-testid="builtin-rows"]').replaceChildren(...rows);
}

function renderDiagnostics(loader: SkillLoader): void {
  const list = must<HTMLUListElement>('[data-testid="builtin-diagnostics"]');
  const items = loader.diagnostics.map((d) => {
    const item = document.createElement('li');
    item.className = `diagnostic severity-${d.severity}`;
    item.dataset['testid'] = 'builtin-diagnostic';
    item.dataset['code'] = d.code;
    item.dataset['severity'] = d.severity;
    item.textContent = formatDiagnostic(d);
    return item;
  });
  if (items.length === 0) {
    const none = document.createElement('li');
    none.className = 'none';
    none.textContent = 'No diagnostics.';
    items.push(none);
  }
  list.replaceChildren(...items);
}

function renderIntentOptions(skills: readonly Skill[]): void {
  const intents = [...new Set(skills.flatMap((s) => (s.activation === 'manual' ? [] : (s.intents ?? []))))].sort();
  const options = intents.map((intent) => {
    const option = document.createElement('option');
    option.value = intent;
    return option;
  });
  must<HTMLDataListElement>('#builtin-intents').replaceChildren(...options);
}

function lookUp(loader: SkillLoader, value: string): void {
  const out = must<HTMLUListElement>('[data-testid="intent-results"]');
  const intent = value.trim();
  if (intent === '') {
    out.replaceChildren();
    out.dataset['count'] = '0';
    return;
  }
  const found = loader.getByIntent(intent);
  out.dataset['count'] = String(found.length);
  if (found.length === 0) {
    const none = document.createElement('li');
    none.className = 'none';
    none.dataset['testid'] = 'intent-none';
    none.textContent = `No skill lists the intent “${intent}”.`;
    out.replaceChildren(none);
    return;
  }
  out.replaceChildren(
    ...found.map((skill) => {
      const item = document.createElement('li');
      item.dataset['testid'] = 'intent-result';
      item.dataset['name'] = skill.name;
      const name = document.createElement('code');
      name.textContent = skill.name;
      item.append(name, ` — ${skill.description}`);
      return item;
    }),
  );
}

/** Loads the bundled skills and wires the panel; resolves once the table is shown. */
export async function mountBuiltinPanel(): Promise<void> {
  const panel = must<HTMLElement>('[data-testid="builtin-panel"]');
  const summary = must<HTMLElement>('[data-testid="builtin-summary"]');
  const loader = new SkillLoader({ builtin: bundleSource(bundle) });
  try {
    const skills = await loader.loadAll();
    renderRows(skills);
    renderDiagnostics(loader);
    renderIntentOptions(skills);
    const files = skills.reduce((n, s) => n + s.files.length, 0);
    summary.textContent = `${skills.length} skills and ${files} resource files, bundled at build time and loaded in this page.`;
    panel.dataset['state'] = 'loaded';
  } catch (error) {
    summary.textContent = `Loading the built-in skills failed: ${error instanceof Error ? error.message : String(error)}`;
    panel.dataset['state'] = 'failed';
    return;
  }
  const input = must<HTMLInputElement>('[data-testid="intent-input"]');
  input.addEventListener('input', () => lookUp(loader, input.value));
  must<HTMLFormElement>('[data-testid="intent-form"]').addEventListener('submit', (event) => {
    event.preventDefault();
    lookUp(loader, input.value);
  });
  lookUp(loader, input.value);
}
