/**
 * Satchel demo: import of skill folders (one, several, or a `.zip` read with fflate) and of the store's archive
 * JSON, with a progress bar and a log that ends with a summary line; export of the person's skills as a `.zip` or as
 * the store's archive JSON, saying what was written.
 */
import { unzipSync, zipSync } from 'fflate';
import { parseSkill } from '../../src/index.js';
import { download, el, must } from '../lib/dom.js';
import { announceChange } from '../lib/events.js';
import { errorText, ORG_NS, USER_NS, type Runtime } from '../lib/runtime.js';
import { groupSkillFolders, readPickedFiles, type SkillFolder } from '../lib/skill-folders.js';
import { archiveNames, archiveRefusals, plural, sizeText, zipProblem } from '../lib/transfer-words.js';

const folderInput = must<HTMLInputElement>('#import-folder');
const fileInput = must<HTMLInputElement>('#import-file');
const progress = must<HTMLProgressElement>('[data-testid="import-progress"]');
const log = must<HTMLUListElement>('[data-testid="import-log"]');
const target = must<HTMLSelectElement>('#import-target');
const exportStatus = must<HTMLElement>('[data-testid="export-status"]');

/** What one import did, for its summary line. */
interface Tally {
  saved: number;
  refused: number;
  warnings: number;
  unreadable: number;
}

/** The tier imports go to: the person's own skills, or the org's (shown as the `org` tier). */
function importNamespace(): readonly string[] {
  return target.value === 'org' ? ORG_NS : USER_NS;
}

function targetName(): string {
  return target.value === 'org' ? "the organisation's skills" : 'your skills';
}

type LineKind = 'ok' | 'failed' | 'warning' | 'skipped';
const LINE_CLASS: Record<LineKind, string> = { ok: 'ok', failed: 'error', warning: 'warning', skipped: 'muted' };

function report(text: string, kind: LineKind, title?: string): void {
  log.append(el('li', { class: LINE_CLASS[kind], testid: `import-${kind}`, title }, text));
}

/** What the loader will warn about in a saved skill (the runtime profile, as it loads it). */
function warningsOf(folder: SkillFolder): string[] {
  const text = folder.files['SKILL.md'];
  if (typeof text !== 'string') return [];
  return parseSkill(text, { profile: 'runtime', folder: folder.folder }).warnings.map((w) => `${w.code}: ${w.message}`);
}

/** Writes each folder as a skill, one after another, moving the progress bar. */
async function importFolders(runtime: Runtime, folders: readonly SkillFolder[], tally: Tally): Promise<void> {
  progress.max = Math.max(folders.length, 1);
  progress.value = 0;
  if (folders.length === 0) report('No SKILL.md found in what was picked.', 'failed');
  for (const folder of folders) {
    try {
      const result = await runtime.store.put(importNamespace(), folder.files, { actor: 'person' });
      tally.saved += 1;
      report(`${result.name}: saved as revision ${result.revision}`, 'ok');
      for (const warning of warningsOf(folder)) {
        tally.warnings += 1;
        report(`${result.name}: warning — ${warning}`, 'warning');
      }
    } catch (error) {
      tally.refused += 1;
      report(`${folder.folder}: refused — ${errorText(error)}`, 'failed');
    }
    progress.value += 1;
  }
}

/** Says why an archive was refused: each skill's reason when names stood in the way, else the store's error. */
async function explainRefusal(runtime: Runtime, file: string, names: readonly string[], error: unknown, tally: Tally): Promise<void> {
  const conflict = (error as { code?: unknown } | null)?.code === 'CONFLICT';
  const [loaded, held] = conflict ? await Promise.all([runtime.getAll(), runtime.store.list(importNamespace())]) : [[], []];
  const refusals = archiveRefusals(names, loaded, held, targetName());
  const blocking = refusals.filter((r) => r.blocking).length;
  tally.refused += names.length;
  if (!conflict || blocking === 0) {
    report(`${file}: not imported — ${errorText(error)}`, 'failed');
    return;
  }
  report(`${file}: not imported — ${blocking} of its ${plural(names.length, 'skill')} cannot be written here, so none was:`, 'failed');
  for (const r of refusals) report(`${r.name}: ${r.blocking ? 'refused' : 'not imported'} — ${r.reason}`, r.blocking ? 'failed' : 'skipped');
}

/** Imports a store archive (all or nothing); a refusal is explained per skill. */
async function importArchiveFile(runtime: Runtime, file: File, text: string, tally: Tally): Promise<void> {
  const names = archiveNames(text);
  if (names === undefined) {
    tally.unreadable += 1;
    report(`${file.name}: not imported — this .json is not valid JSON, so it cannot be a store archive.`, 'failed');
    return;
  }
  progress.max = 1;
  progress.value = 0;
  try {
    const written = await runtime.store.importNamespace(text, { namespace: importNamespace(), actor: 'person' });
    tally.saved += written.length;
    report(`${file.name}: ${written.map((w) => w.name).join(', ') || 'no skills'} imported`, 'ok');
  } catch (error) {
    await explainRefusal(runtime, file.name, names, error, tally);
  }
  progress.value = 1;
}

/** A `.zip` becomes skill folders; a `.json` is imported as a store archive. */
async function importFile(runtime: Runtime, file: File, tally: Tally): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.json$/i.test(file.name)) return importArchiveFile(runtime, file, new TextDecoder().decode(bytes), tally);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    tally.unreadable += 1;
    // fflate's own words stay a detail, in the tooltip.
    report(`${file.name}: not imported — this file ${zipProblem(error)}.`, 'failed', error instanceof Error ? `fflate: ${error.message}` : undefined);
    return;
  }
  await importFolders(runtime, groupSkillFolders(new Map(Object.entries(entries))), tally);
}

function summary(tally: Tally): string {
  const unreadable = tally.unreadable > 0 ? `; ${plural(tally.unreadable, 'file')} could not be read` : '';
  return `Done: ${tally.saved} saved, ${tally.refused} refused, ${plural(tally.warnings, 'warning')}${unreadable}.`;
}

async function handle(input: HTMLInputElement, run: (files: FileList, tally: Tally) => Promise<void>): Promise<void> {
  const files = input.files;
  if (!files || files.length === 0) return;
  log.replaceChildren();
  progress.hidden = false;
  const tally: Tally = { saved: 0, refused: 0, warnings: 0, unreadable: 0 };
  try {
    await run(files, tally);
  } catch (error) {
    report(errorText(error), 'failed');
  }
  log.append(el('li', { class: 'summary-line', testid: 'import-summary' }, summary(tally)));
  input.value = '';
  announceChange();
}

/** Every active user skill as `name/…` entries of one zip; says what it wrote, or that there was nothing to write. */
async function exportZip(runtime: Runtime): Promise<string> {
  const entries: Record<string, Uint8Array> = {};
  const encoder = new TextEncoder();
  const names: string[] = [];
  let archived = 0;
  for (const summary of await runtime.store.list(USER_NS)) {
    const stored = summary.state === 'active' ? await runtime.store.get(USER_NS, summary.name) : undefined;
    if (!stored) {
      archived += 1;
      continue;
    }
    names.push(stored.name);
    entries[`${stored.name}/SKILL.md`] = encoder.encode(stored.text);
    for (const [path, content] of Object.entries(stored.files)) {
      entries[`${stored.name}/${path}`] = typeof content === 'string' ? encoder.encode(content) : content;
    }
  }
  const left = archived > 0 ? `; ${archived} archived left out (the archive .json keeps them)` : '';
  if (names.length === 0) return `Nothing exported: you have no active skills yet${left}.`;
  const zip = zipSync(entries) as Uint8Array<ArrayBuffer>;
  download('satchel-skills.zip', zip, 'application/zip');
  return `Wrote satchel-skills.zip: ${plural(names.length, 'skill')} (${names.join(', ')}), ${plural(Object.keys(entries).length, 'file')}, ${sizeText(zip.byteLength)}${left}.`;
}

async function exportNamespace(runtime: Runtime): Promise<string> {
  const archive = await runtime.store.exportNamespace(USER_NS);
  if (archive.skills.length === 0) return 'Nothing exported: you have no skills yet.';
  const json = JSON.stringify(archive, null, 2);
  download('satchel-skills.archive.json', json, 'application/json');
  const revisions = archive.skills.reduce((n, s) => n + s.revisions.length, 0);
  const names = archive.skills.map((s) => s.name).join(', ');
  return `Wrote satchel-skills.archive.json: ${plural(archive.skills.length, 'skill')} (${names}), ${plural(revisions, 'revision')}, ${sizeText(new TextEncoder().encode(json).byteLength)}.`;
}

function onExport(button: string, run: () => Promise<string>): void {
  must<HTMLButtonElement>(`[data-testid="${button}"]`).addEventListener('click', () => {
    exportStatus.textContent = 'Exporting…';
    void run().then(
      (text) => (exportStatus.textContent = text),
      (error: unknown) => (exportStatus.textContent = `Not exported: ${errorText(error)}`),
    );
  });
}

/** Wires the pickers and the export buttons. */
export function mountImportExport(runtime: Runtime): void {
  folderInput.addEventListener(
    'change',
    () => void handle(folderInput, async (files, tally) => importFolders(runtime, groupSkillFolders(await readPickedFiles(files)), tally)),
  );
  fileInput.addEventListener(
    'change',
    () =>
      void handle(fileInput, async (files, tally) => {
        for (const file of files) await importFile(runtime, file, tally);
      }),
  );
  onExport('export-zip', () => exportZip(runtime));
  onExport('export-archive', () => exportNamespace(runtime));
}
