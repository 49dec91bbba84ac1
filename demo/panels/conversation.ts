/**
 * Satchel demo: the conversation — each sent turn with the skills it activated, what an app would hand the model
 * with that turn. The demo has no model, so no reply follows; the last turns are kept, newest last.
 */
import type { SkillActivation } from '../../src/index.js';
import { el, must } from '../lib/dom.js';

const log = must<HTMLOListElement>('[data-testid="conversation"]');

/** Sent turns kept on the page; older ones drop off the top. */
const KEPT = 20;

function activated(activations: readonly SkillActivation[] | undefined): HTMLElement {
  if (activations === undefined) return el('p', { class: 'error' }, 'The runtime did not answer for this turn.');
  if (activations.length === 0) return el('p', { class: 'muted', testid: 'sent-none' }, 'No skill activated.');
  const items = activations.map((a) =>
    el(
      'li',
      { testid: 'sent-activation', 'data-name': a.skill.name },
      el('span', { class: 'mono' }, a.skill.name),
      ' ',
      el('span', { class: `badge reason-${a.reason}` }, a.reason),
    ),
  );
  return el('div', { class: 'sent-activated' }, 'Activated: ', el('ul', { class: 'inline-list' }, ...items));
}

/** Adds a sent turn and what it activated (`undefined`: routing failed) to the conversation. */
export function appendTurn(text: string, activations: readonly SkillActivation[] | undefined): void {
  const names = activations?.map((a) => a.skill.name).join(' ') ?? '';
  log.append(el('li', { class: 'sent-turn', testid: 'sent-turn', 'data-activated': names }, el('p', { class: 'turn-text' }, text), activated(activations)));
  while (log.children.length > KEPT) log.firstElementChild?.remove();
  log.hidden = false;
  log.lastElementChild?.scrollIntoView({ block: 'nearest' });
}
