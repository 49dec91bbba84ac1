/**
 * Satchel demo: the message box. As a turn is typed the worker routes it as a preview: the "Activations" region and
 * the per-turn catalog follow along, and `/name` mentions complete from the skills the runtime holds. Send (or Enter;
 * Shift+Enter is a new line) sends the turn: it joins the conversation with what it activated, and the box clears.
 */
import type { SkillActivation } from '../../src/index.js';
import { renderActivations } from './activations.js';
import { showCatalog } from './catalog-view.js';
import { appendTurn } from './conversation.js';
import { debounce, must } from '../lib/dom.js';
import { ManualMatcher } from '../lib/manual-matches.js';
import { nearMisses } from '../lib/near-misses.js';
import { wireMentions } from '../widgets/mentions.js';
import { errorText, type Runtime } from '../lib/runtime.js';

const message = must<HTMLTextAreaElement>('#message');
const form = must<HTMLFormElement>('#chat-form');
const region = must<HTMLElement>('[data-testid="activations"]');

let names: string[] = [];
const manual = new ManualMatcher();
// The turn the region shows: the text being typed (a preview), or the turn last sent until the next one is typed.
let shown = { text: '', sent: false };
// Answers can arrive out of order while typing fast; only the latest turn's answer is shown.
let latest = 0;

/** Routes `text`, shows the result if no later turn was routed meanwhile, and resolves with its activations. */
async function routeTurn(runtime: Runtime, text: string, sent: boolean): Promise<SkillActivation[] | undefined> {
  const ticket = ++latest;
  shown = { text, sent };
  region.setAttribute('aria-busy', 'true');
  let activations: SkillActivation[] | undefined;
  try {
    // The async calls blend in meaning when the worker has the embedding stage, and answer lexically when it has not.
    const [activated, hits, thresholds] = await Promise.all([
      runtime.activateAsync(text),
      runtime.routeAsync(text, { limit: 8 }),
      runtime.activationThresholds(),
    ]);
    activations = activated;
    if (ticket !== latest) return activations;
    const notes = {
      thresholds,
      near: nearMisses(hits, activated, thresholds),
      manual: manual.matches(text, activated, thresholds.threshold),
      ...(hits[0] ? { first: hits[0] } : {}),
    };
    renderActivations(region, text, activated, notes);
    region.dataset['turn'] = text;
    region.dataset['sent'] = String(sent);
  } catch (error) {
    region.textContent = errorText(error);
  } finally {
    if (ticket === latest) region.removeAttribute('aria-busy');
  }
  if (ticket === latest) await showCatalog(runtime, text);
  return activations;
}

/** Sends the box's turn: routed once more as sent, added to the conversation, and the box cleared for the next one. */
async function send(runtime: Runtime): Promise<void> {
  const text = message.value;
  if (text.trim() === '') return;
  message.value = '';
  message.focus();
  const activations = await routeTurn(runtime, text, true);
  appendTurn(text, activations);
}

/** Reads the mentionable names again (after a change) and routes the turn on show anew. */
export async function refreshChat(runtime: Runtime): Promise<void> {
  const skills = await runtime.getAll();
  names = skills
    .filter((s) => s.userInvocable !== false)
    .map((s) => s.name)
    .sort();
  manual.follow(skills);
  await routeTurn(runtime, shown.text, shown.sent);
}

/** Wires the message box: a live preview while typing, Send or Enter to send, Shift+Enter for a new line. */
export function mountChat(runtime: Runtime): void {
  const preview = debounce(() => {
    // A preview still pending when the turn was sent would find the box cleared: the sent turn stays on show.
    if (message.value === '' && shown.sent) return;
    void routeTurn(runtime, message.value, false);
  }, 120);
  message.addEventListener('input', preview);
  // Registered first: while the mention list is open, Enter completes the name (and marks the event handled).
  wireMentions(message, must<HTMLUListElement>('#mention-list'), () => names, preview);
  message.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.defaultPrevented) return;
    event.preventDefault();
    form.requestSubmit();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(runtime);
  });
}
