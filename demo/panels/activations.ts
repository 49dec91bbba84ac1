/**
 * Satchel demo: the "Activations" region — which skills a turn activates, why (mention, intent, search), their
 * scores and matched terms, and the search hits just under the threshold.
 */
import type { RoutedSkill, SkillActivation } from '../../src/index.js';
import { el } from '../lib/dom.js';
import { requestLoad } from '../lib/events.js';

/** The activation threshold the runtime uses by default (DEFAULT_ACTIVATION_OPTIONS.threshold). */
export const THRESHOLD = 0.51;
/** Hits scoring at least this share of the threshold are shown as near misses. */
const NEAR = 0.4;

function score(value: number): string {
  return value.toFixed(2);
}

function terms(list: readonly string[]): Node {
  if (list.length === 0) return el('span', { class: 'muted' }, '—');
  return el('span', { class: 'terms' }, ...list.flatMap((term, i) => [...(i ? [' '] : []), el('mark', {}, term)]));
}

/** The skill's name as a button that shows what `skills.load` would return for it. */
function loadButton(name: string): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'link mono', testid: 'activation-load', title: 'Show what skills.load returns' }, name);
  button.addEventListener('click', () => requestLoad(name));
  return button;
}

function activationRow(activation: SkillActivation): HTMLLIElement {
  const { skill, reason } = activation;
  return el(
    'li',
    { class: 'activation', testid: 'activation', 'data-name': skill.name, 'data-reason': reason, 'data-tier': skill.source },
    loadButton(skill.name),
    ' ',
    el('span', { class: `badge reason-${reason}`, testid: 'activation-reason' }, reason),
    ' ',
    el('span', { class: 'score', testid: 'activation-score' }, `score ${score(activation.score)}`),
    ' ',
    terms(activation.terms),
    ...(activation.arguments ? [' ', el('span', { class: 'muted' }, `arguments: ${activation.arguments}`)] : []),
  );
}

function nearRow(hit: RoutedSkill): HTMLLIElement {
  return el(
    'li',
    { class: 'near-miss', testid: 'near-miss', 'data-name': hit.skill.name },
    el('span', { class: 'mono' }, hit.skill.name),
    ' ',
    el('span', { class: 'score' }, `score ${score(hit.score)} < ${score(THRESHOLD)}`),
    ' ',
    terms(hit.terms),
  );
}

/** Search hits that did not activate but came close. */
export function nearMisses(hits: readonly RoutedSkill[], activations: readonly SkillActivation[]): RoutedSkill[] {
  const active = new Set(activations.map((a) => a.skill.name));
  return hits.filter((hit) => !active.has(hit.skill.name) && hit.score < THRESHOLD && hit.score >= THRESHOLD * NEAR);
}

/** Fills the region for one turn. */
export function renderActivations(region: HTMLElement, text: string, activations: readonly SkillActivation[], near: readonly RoutedSkill[]): void {
  region.dataset['count'] = String(activations.length);
  if (text.trim() === '') {
    region.replaceChildren(el('p', { class: 'muted' }, 'Type a message to see which skills it activates.'));
    return;
  }
  const active =
    activations.length > 0
      ? el('ol', { class: 'activations' }, ...activations.map(activationRow))
      : el('p', { testid: 'no-activation' }, 'No skill activates for this turn.');
  const under = near.length > 0 ? [el('h4', {}, 'Just under the threshold'), el('ul', { class: 'near' }, ...near.map(nearRow))] : [];
  region.replaceChildren(active, ...under);
}
