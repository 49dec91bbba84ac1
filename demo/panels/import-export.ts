/**
 * Satchel demo: import of skill folders (one, several, or a `.zip` read with fflate) and of the store's archive
 * JSON, with a progress bar; export of the person's skills as a `.zip` or as the store's archive JSON.
 */
import { unzipSync, zipSync } from 'fflate';
import { download, el, must } from '../lib/dom.js';
import { announceChange } from '../lib/events.js';
import { errorText, ORG_NS, USER_NS, type Runtime } from '../lib/runtime.js';
import { groupSkillFolders, readPickedFiles, type SkillFolder } from '../lib/skill-folders.js';

const folderInput = must<HTMLInputElement>('#import-folder');
const fileInput = must<HTMLInputElement>('#import-file');
const progress = must<HTMLProgressElement>('[data-testid="import-progress"]');
const log = must<HTMLUListElement>('[data-testid="import-log"]');
const target = must<HTMLSelectElement>('#import-target');

/** The tier imports go to: the person's own skills, or the org's (shown as the `org` tier). */
function importNamespace(): readonly string[] {
  return target.value === 'org' ? ORG_NS : USER_NS;
}

function report(text: string, ok: boolean): void {
  log.append(el('li', { class: ok ? 'ok' : 'error', testid: ok ? 'import-ok' : 'import-failed' }, text));
}

/** Writes each folder as a user skill, one after another, moving the progress bar. */
async function importFolders(runtime: Runtime, folders: readonly SkillFolder[]): Promise<void> {
  progress.max = Math.max(folders.length, 1);
  progress.value = 0;
  if (folders.length === 0) report('No SKILL.md found in what was picked.', false);
  for (const folder of folders) {
    try {
      const result = await runtime.store.put(importNamespace(), folder.files, { actor: 'person' });
      report(`${result.name}: saved as revision ${result.revision}`, true);
    } catch (error) {
      report(`${folder.folder}: ${errorText(error)}`, false);
    }
    progress.value += 1;
  }
}

/** A `.zip` becomes skill folders; a `.json` is imported as a store archive (all or nothing). */
async function importFile(runtime: Runtime, file: File): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.json$/i.test(file.name)) {
    progress.max = 1;
    progress.value = 0;
    const written = await runtime.store.importArchive(new TextDecoder().decode(bytes), { namespace: importNamespace(), actor: 'person' });
    progress.value = 1;
    report(`${file.name}: ${written.map((w) => w.name).join(', ') || 'no skills'} imported`, true);
    return;
  }
  await importFolders(runtime, groupSkillFolders(new Map(Object.entries(unzipSync(bytes)))));
}

async function handle(runtime: Runtime, input: HTMLInputElement, run: (files: FileList) => Promise<void>): Promise<void> {
  const files = input.files;
  if (!files || files.length === 0) return;
  log.replaceChildren();
  progress.hidden = false;
  try {
    await run(files);
  } catch (error) {
    report(errorText(error), false);
  }
  input.value = '';
  announceChange();
}

/** Every active user skill as `name/…` entries of one zip. */
async function exportZip(runtime: Runtime): Promise<void> {
  const entries: Record<string, Uint8Array> = {};
  const encoder = new TextEncoder();
  for (const summary of await runtime.store.list(USER_NS)) {
    const stored = summary.state === 'active' ? await runtime.store.get(USER_NS, summary.name) : undefined;
    if (!stored) continue;
    entries[`${stored.name}/SKILL.md`] = encoder.encode(stored.text);
    for (const [path, content] of Object.entries(stored.files)) {
      entries[`${stored.name}/${path}`] = typeof content === 'string' ? encoder.encode(content) : content;
    }
  }
  download('satchel-skills.zip', zipSync(entries) as Uint8Array<ArrayBuffer>, 'application/zip');
}

async function exportArchive(runtime: Runtime): Promise<void> {
  const archive = await runtime.store.exportArchive(USER_NS);
  download('satchel-skills.archive.json', JSON.stringify(archive, null, 2), 'application/json');
}

/** Wires the pickers and the export buttons. */
export function mountImportExport(runtime: Runtime): void {
  folderInput.addEventListener(
    'change',
    () => void handle(runtime, folderInput, async (files) => importFolders(runtime, groupSkillFolders(await readPickedFiles(files)))),
  );
  fileInput.addEventListener(
    'change',
    () =>
      void handle(runtime, fileInput, async (files) => {
        for (const file of files) await importFile(runtime, file);
      }),
  );
  must<HTMLButtonElement>('[data-testid="export-zip"]').addEventListener(
    'click',
    () => void exportZip(runtime).catch((e: unknown) => report(errorText(e), false)),
  );
  must<HTMLButtonElement>('[data-testid="export-archive"]').addEventListener(
    'click',
    () => void exportArchive(runtime).catch((e: unknown) => report(errorText(e), false)),
  );
}
