/**
 * Satchel demo: the routing-by-meaning switch. On, the worker runs USE-Lite beside the loader and the message box's
 * routing blends cosine and lexical scores (`activateAsync`); the status says when the model and the skill vectors
 * are ready, or why they are not. The choice is remembered in this browser.
 */
import { must } from '../lib/dom.js';
import { errorText, meaningWanted, setMeaning, type Runtime } from '../lib/runtime.js';

const toggle = must<HTMLInputElement>('#route-by-meaning');
const status = must<HTMLElement>('[data-testid="meaning-status"]');

/** Shows whether the worker's vectors are ready; `data-state` is `off`, `loading`, `ready` or `failed`. */
async function report(runtime: Runtime): Promise<void> {
  if (!meaningWanted()) return show('off', 'Lexical routing (the default).');
  show('loading', 'Loading the model and embedding the skills in the worker…');
  try {
    await runtime.embeddingsReady();
    show('ready', 'Routing by meaning: ready (USE-Lite, uint8, in the worker).');
  } catch (error) {
    show('failed', `Routing by meaning is unavailable: ${errorText(error)} Routing stays lexical.`);
  }
}

function show(state: string, text: string): void {
  status.dataset['state'] = state;
  status.textContent = text;
}

/** Wires the switch to the runtime. */
export function mountMeaning(runtime: Runtime): void {
  toggle.checked = meaningWanted();
  toggle.addEventListener('change', () => {
    toggle.disabled = true;
    // Usable again once the new worker has loaded; the model and the vectors may take longer, and report on their own.
    void setMeaning(toggle.checked)
      .then(() => {
        toggle.disabled = false;
        return report(runtime);
      })
      .catch((error: unknown) => show('failed', errorText(error)))
      .finally(() => (toggle.disabled = false));
  });
  void report(runtime);
}
