/**
 * Satchel demo entry: starts the skill runtime in its Worker and mounts the panels — the message box with its
 * activations and catalog, the skill browser, the Evaluate panel, the editor with history, import/export and proposals. In a production
 * build a service worker precaches the page and the worker chunk, so a reload works offline.
 */
import { mountBrowser, refreshBrowser } from './panels/browser.js';
import { mountCatalogView, refreshCatalogView } from './panels/catalog-view.js';
import { mountChat, refreshChat } from './panels/chat.js';
import { debounce, must } from './lib/dom.js';
import { mountEditor, refreshMySkills } from './panels/editor.js';
import { mountEvaluate } from './panels/evaluate.js';
import { announceChange, onChange } from './lib/events.js';
import { mountHistory } from './panels/history.js';
import { mountImportExport } from './panels/import-export.js';
import { mountMeaning } from './panels/meaning.js';
import { refreshProposals } from './panels/proposals.js';
import { errorText, startRuntime, type Runtime } from './lib/runtime.js';
import { registerOffline } from './lib/offline.js';
import { statusText } from './lib/load-warnings.js';
import { mountValidator } from './panels/validator.js';

async function refreshAll(runtime: Runtime): Promise<void> {
  await Promise.all([
    refreshChat(runtime),
    refreshBrowser(runtime),
    refreshCatalogView(runtime),
    refreshMySkills(runtime),
    refreshProposals(runtime),
    refreshStatus(runtime),
  ]);
}

/** The status line follows every save, import, rollback and reload: what is loaded, and what of the store is not. */
async function refreshStatus(runtime: Runtime): Promise<void> {
  const status = must<HTMLElement>('[data-testid="runtime-status"]');
  const { text, warnings } = await statusText(runtime);
  status.textContent = text;
  status.dataset['warnings'] = String(warnings);
}

async function start(): Promise<void> {
  mountValidator();
  const runtime = await startRuntime();
  mountChat(runtime);
  mountMeaning(runtime);
  mountCatalogView(runtime);
  mountBrowser(runtime);
  mountEvaluate(runtime);
  mountEditor(runtime);
  mountHistory(runtime);
  mountImportExport(runtime);
  // Store changes (this tab's or another's) reach the page as events; panels read again once per burst.
  onChange(debounce(() => void refreshAll(runtime).catch((e: unknown) => console.warn('demo: refresh', e)), 50));
  runtime.on('change', announceChange);
  await refreshAll(runtime);
  document.body.dataset['ready'] = 'true';
}

start().catch((error: unknown) => {
  must<HTMLElement>('[data-testid="runtime-status"]').textContent = `The skill runtime failed to start: ${errorText(error)}`;
  document.body.dataset['ready'] = 'failed';
});
void registerOffline();
