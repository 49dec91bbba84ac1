/**
 * Satchel demo: the message box. As a turn is typed, the worker routes it: the "Activations" region and the
 * per-turn catalog follow along, and `/name` mentions complete from the skills the runtime holds.
 */
import { nearMisses, renderActivations } from './activations.js';
import { showCatalog } from './catalog-view.js';
import { debounce, must } from '../lib/dom.js';
import { wireMentions } from '../widgets/mentions.js';
import { errorText, type Runtime } from '../lib/runtime.js';

const message = must<HTMLTextAreaElement>('#message');
const region = must<HTMLElement>('[data-testid="activations"]');

let names: string[] = [];
// Answers can arrive out of order while typing fast; only the latest turn's answer is shown.
let latest = 0;

/** Routes the current text and shows the result. */
async function routeTurn(runtime: Runtime): Promise<void> {
  const text = message.value;
  const ticket = ++latest;
  region.setAttribute('aria-busy', 'true');
  try {
    // The async calls blend in meaning when the worker has the embedding stage, and answer lexically when it has not.
    const [activations, hits] = await Promise.all([runtime.activateAsync(text), runtime.routeAsync(text, { limit: 8 })]);
    if (ticket !== latest) return;
    renderActivations(region, text, activations, nearMisses(hits, activations));
    region.dataset['turn'] = text;
  } catch (error) {
    region.textContent = errorText(error);
  } finally {
    if (ticket === latest) region.removeAttribute('aria-busy');
  }
  await showCatalog(runtime, text);
}

/** Reads the mentionable names again (after a change) and routes the current turn anew. */
export async function refreshChat(runtime: Runtime): Promise<void> {
  names = (await runtime.getAll())
    .filter((s) => s.userInvocable !== false)
    .map((s) => s.name)
    .sort();
  await routeTurn(runtime);
}

/** Wires the message box. */
export function mountChat(runtime: Runtime): void {
  const route = debounce(() => void routeTurn(runtime), 120);
  message.addEventListener('input', route);
  wireMentions(message, must<HTMLUListElement>('#mention-list'), () => names, route);
  must<HTMLFormElement>('#chat-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void routeTurn(runtime);
  });
}
