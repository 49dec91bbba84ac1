/**
 * Satchel demo: the live SKILL.md validator. Plain DOM, no framework.
 *
 * Every edit re-parses the text with `parseSkill` and shows the verdict, each diagnostic as
 * `line:column severity code message`, and marks the lines that have diagnostics in the gutter.
 */
import { parseSkill } from '../../src/index.js';
import { must } from '../lib/dom.js';
import { EXAMPLES, SAMPLE } from '../lib/examples.js';

type ParseOptions = NonNullable<Parameters<typeof parseSkill>[1]>;
type Profile = NonNullable<ParseOptions['profile']>;
type ParseResult = ReturnType<typeof parseSkill>;
type Diagnostic = ParseResult['errors'][number];
type Severity = Diagnostic['severity'];

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

const editor = must<HTMLTextAreaElement>('[data-testid="editor"]');
const gutter = must<HTMLOListElement>('[data-testid="gutter"]');
const backdrop = must<HTMLDivElement>('[data-testid="backdrop"]');
const profileSelect = must<HTMLSelectElement>('[data-testid="profile"]');
const folderInput = must<HTMLInputElement>('[data-testid="folder"]');
const exampleSelect = must<HTMLSelectElement>('[data-testid="example"]');
const statusEl = must<HTMLElement>('[data-testid="status"]');
const summaryEl = must<HTMLElement>('[data-testid="summary"]');
const diagnosticsList = must<HTMLUListElement>('[data-testid="diagnostics"]');
const skillPanel = must<HTMLElement>('[data-testid="skill"]');
const skillName = must<HTMLElement>('[data-testid="skill-name"]');
const skillDescription = must<HTMLElement>('[data-testid="skill-description"]');
const skillActivation = must<HTMLElement>('[data-testid="skill-activation"]');
const skillDigest = must<HTMLElement>('[data-testid="skill-digest"]');
const skillContent = must<HTMLElement>('[data-testid="skill-content"]');

/** Start offsets of each line of the editor text (line 1 at index 0). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 10) starts.push(i + 1);
  }
  return starts;
}

/** Selects line `line` (1-based, clamped) in the editor and scrolls it into view. */
function selectLine(line: number): void {
  const text = editor.value;
  const starts = lineStarts(text);
  const index = Math.min(Math.max(line, 1), starts.length) - 1;
  const start = starts[index] ?? 0;
  const next = starts[index + 1];
  let end = next === undefined ? text.length : next - 1;
  if (end > start && text.charCodeAt(end - 1) === 13) end -= 1; // CRLF
  editor.focus({ preventScroll: true });
  editor.setSelectionRange(start, end, 'forward');
  const row = gutter.children[index];
  if (row instanceof HTMLElement) row.scrollIntoView({ block: 'nearest' });
  for (const el of gutter.querySelectorAll('.selected')) el.classList.remove('selected');
  for (const el of backdrop.querySelectorAll('.selected')) el.classList.remove('selected');
  row?.classList.add('selected');
  backdrop.children[index]?.classList.add('selected');
}

function formatDiagnostic(d: Diagnostic): string {
  return `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
}

/** The verdict shown at the top of the result panel. */
/** The profile chosen in the validator, which the editor's Save also validates in. */
export function editorProfile(): Profile {
  return profileSelect.value === 'spec' ? 'spec' : 'runtime';
}

function verdict(result: ParseResult, profile: Profile): { status: string; label: string } {
  const clean = result.errors.length === 0 && result.warnings.length === 0;
  // spec: pass/fail — valid only with a skill and no errors or warnings.
  if (profile === 'spec') return result.skill && clean ? { status: 'valid', label: 'valid' } : { status: 'invalid', label: 'invalid' };
  // runtime: no skill means the loader would skip the file.
  if (!result.skill) return { status: 'skipped', label: 'skipped' };
  return clean ? { status: 'valid', label: 'valid' } : { status: 'warnings', label: 'loads with warnings' };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One gutter row and one band per line; a band holds its line's text, invisible, so it wraps as the textarea does. */
function renderGutter(lines: readonly string[], worst: Map<number, Severity>, messages: Map<number, string[]>): void {
  const rows = document.createDocumentFragment();
  const bands = document.createDocumentFragment();
  for (let line = 1; line <= lines.length; line++) {
    const row = document.createElement('li');
    row.className = 'gutter-line';
    row.dataset['testid'] = 'gutter-line';
    row.dataset['line'] = String(line);
    row.textContent = String(line);
    const band = document.createElement('div');
    band.className = 'band';
    band.textContent = lines[line - 1] ?? '';
    const severity = worst.get(line);
    if (severity) {
      row.dataset['severity'] = severity;
      row.classList.add(`has-${severity}`);
      row.title = (messages.get(line) ?? []).join('\n');
      band.classList.add(`has-${severity}`);
    }
    row.addEventListener('click', () => selectLine(line));
    rows.append(row);
    bands.append(band);
  }
  gutter.replaceChildren(rows);
  backdrop.replaceChildren(bands);
}

function renderDiagnostics(diagnostics: readonly Diagnostic[]): void {
  const items = diagnostics.map((d) => {
    const item = document.createElement('li');
    item.className = `diagnostic severity-${d.severity}`;
    item.dataset['testid'] = 'diagnostic';
    item.dataset['code'] = d.code;
    item.dataset['severity'] = d.severity;
    item.dataset['line'] = String(d.line);
    item.dataset['column'] = String(d.column);

    const button = document.createElement('button');
    button.type = 'button';
    button.title = `Select line ${d.line}`;
    const position = document.createElement('span');
    position.className = 'position';
    position.textContent = `${d.line}:${d.column}`;
    const severity = document.createElement('span');
    severity.className = 'severity';
    severity.textContent = d.severity;
    const code = document.createElement('code');
    code.className = 'code';
    code.textContent = d.code;
    const message = document.createElement('span');
    message.className = 'message';
    message.textContent = d.message;
    // textContent of the button reads exactly `line:column severity code message`.
    button.append(position, ' ', severity, ' ', code, ' ', message);
    button.setAttribute('aria-label', formatDiagnostic(d));
    button.addEventListener('click', () => selectLine(d.line));
    item.append(button);
    return item;
  });
  diagnosticsList.replaceChildren(...items);
}

function renderSkill(result: ParseResult): void {
  const skill = result.skill;
  if (!skill) {
    skillPanel.hidden = true;
    return;
  }
  skillPanel.hidden = false;
  skillName.textContent = skill.name;
  skillDescription.textContent = skill.description;
  skillActivation.textContent = skill.activation;
  skillDigest.textContent = skill.digest;
  const lines = skill.content === '' ? 0 : skill.content.split('\n').length;
  skillContent.textContent = `${plural(lines, 'line')}, ${plural([...skill.content].length, 'character')}`;
}

function update(): void {
  const text = editor.value;
  const profile = editorProfile();
  const folder = folderInput.value.trim();
  const options: ParseOptions = { profile, fileName: 'SKILL.md' };
  if (folder !== '') options.folder = folder;

  let result: ParseResult;
  try {
    result = parseSkill(text, options);
  } catch (error) {
    // parseSkill reports problems as data; a throw here is a bug worth showing plainly.
    statusEl.textContent = 'crashed';
    statusEl.dataset['status'] = 'crashed';
    summaryEl.textContent = `parseSkill threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    diagnosticsList.replaceChildren();
    skillPanel.hidden = true;
    renderGutter(text.split('\n'), new Map(), new Map());
    return;
  }

  const diagnostics = [...result.errors, ...result.warnings, ...result.infos].sort(compareDiagnostics);
  const { status, label } = verdict(result, profile);
  statusEl.textContent = label;
  statusEl.dataset['status'] = status;
  document.body.dataset['status'] = status;
  summaryEl.textContent =
    diagnostics.length === 0
      ? `No diagnostics (${profile} profile).`
      : `${plural(result.errors.length, 'error')}, ${plural(result.warnings.length, 'warning')}, ` +
        `${plural(result.infos.length, 'info')} (${profile} profile).`;

  const worst = new Map<number, Severity>();
  const messages = new Map<number, string[]>();
  for (const d of diagnostics) {
    const current = worst.get(d.line);
    if (current === undefined || SEVERITY_RANK[d.severity] < SEVERITY_RANK[current]) worst.set(d.line, d.severity);
    const list = messages.get(d.line) ?? [];
    list.push(`${d.severity} ${d.code}: ${d.message}`);
    messages.set(d.line, list);
  }
  renderGutter(text.split('\n'), worst, messages);
  renderDiagnostics(diagnostics);
  renderSkill(result);
  autosize();
}

/** Grows the textarea to its content, and makes each gutter row as tall as its line, wrapped, so they stay aligned. */
function autosize(): void {
  // The textarea never scrolls itself: long lines wrap, and the editor frame scrolls down.
  editor.style.height = 'auto';
  editor.style.height = `${editor.scrollHeight}px`;
  // Every band's height first, then every row's: one layout, not one per line.
  const heights = [...backdrop.children].map((band) => (band as HTMLElement).offsetHeight);
  heights.forEach((height, i) => {
    const row = gutter.children[i];
    if (row instanceof HTMLElement) row.style.height = `${height}px`;
  });
}

let pending = 0;
function scheduleUpdate(): void {
  if (pending) cancelAnimationFrame(pending);
  pending = requestAnimationFrame(() => {
    pending = 0;
    update();
  });
}

/** Puts `text` (checked in folder `folder`) into the editor and validates it at once. */
export function setEditorText(text: string, folder: string): void {
  editor.value = text;
  folderInput.value = folder;
  update();
}

/** The editor's current SKILL.md text. */
export function editorText(): string {
  return editor.value;
}

/** Fills the example menu, wires the controls, and validates the sample skill. */
export function mountValidator(): void {
  for (const example of EXAMPLES) {
    const option = document.createElement('option');
    option.value = example.id;
    option.textContent = example.label;
    exampleSelect.append(option);
  }
  exampleSelect.addEventListener('change', () => {
    const example = EXAMPLES.find((e) => e.id === exampleSelect.value);
    if (!example) return;
    editor.value = example.text;
    folderInput.value = example.folder;
    exampleSelect.value = '';
    update();
  });

  editor.addEventListener('input', scheduleUpdate);
  window.addEventListener('resize', autosize);
  folderInput.addEventListener('input', scheduleUpdate);
  profileSelect.addEventListener('change', update);
  must<HTMLFormElement>('[data-testid="controls"]').addEventListener('submit', (event) => event.preventDefault());

  editor.value = SAMPLE;
  folderInput.value = 'pdf-processing';
  update();
}
