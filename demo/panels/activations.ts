/**
 * Satchel demo: the "Activations" region — which skills a turn activates, why (mention, intent, search), their
 * scores and the turn's words that matched (the stems they scored as in a tooltip), the thresholds in force, the search
 * hits that came close (with the bar each missed), and the manual skills the turn matches (used by a mention only).
 * Each activated skill carries its origin badge and its scanner finding count (widgets/provenance-view.ts).
 */
import type { ActivationThresholds, RoutedSkill, SkillActivation } from '../../src/index.js';
import { el } from '../lib/dom.js';
import { requestLoad } from '../lib/events.js';
import type { ManualMatch } from '../lib/manual-matches.js';
import { thresholdsText, turnThreshold, type NearMiss } from '../lib/near-misses.js';
import { provenanceSlot } from '../widgets/provenance-view.js';

/** What the region shows besides the activations: the thresholds in force, near misses, matching manual skills. */
export interface TurnNotes {
  readonly thresholds: ActivationThresholds;
  readonly near: readonly NearMiss[];
  readonly manual: readonly ManualMatch[];
  /** The turn's first place in the ranking, which carries the threshold the turn had to reach. */
  readonly first?: RoutedSkill;
}

function score(value: number): string {
  return value.toFixed(2);
}

/** The turn's words that matched, as typed; the stems they scored as are a detail, in the tooltip. */
function matched(hit: { readonly words: readonly string[]; readonly terms: readonly string[] }): Node {
  if (hit.words.length === 0) return el('span', { class: 'muted' }, '—');
  const marks = hit.words.flatMap((word, i) => [...(i ? [' '] : []), el('mark', {}, word)]);
  return el('span', { class: 'terms', testid: 'matched-words', title: `Matched stems: ${hit.terms.join(', ')}` }, ...marks);
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
    provenanceSlot(skill.name, 'activation'),
    ' ',
    el('span', { class: `badge reason-${reason}`, testid: 'activation-reason' }, reason),
    ' ',
    el('span', { class: 'score', testid: 'activation-score' }, `score ${score(activation.score)}`),
    ' ',
    matched(activation),
    ...(activation.arguments ? [' ', el('span', { class: 'muted' }, `arguments: ${activation.arguments}`)] : []),
  );
}

function nearRow({ hit, bar, why }: NearMiss): HTMLLIElement {
  const missed = bar === undefined ? `score ${score(hit.score)}, ${why}` : `score ${score(hit.score)} < ${score(bar)} (${why})`;
  return el(
    'li',
    { class: 'near-miss', testid: 'near-miss', 'data-name': hit.skill.name, ...(bar === undefined ? {} : { 'data-bar': score(bar) }) },
    el('span', { class: 'mono' }, hit.skill.name),
    ' ',
    el('span', { class: 'score' }, missed),
    ' ',
    matched(hit),
  );
}

function manualRow(match: ManualMatch): HTMLLIElement {
  return el(
    'li',
    { class: 'manual-match', testid: 'manual-match', 'data-name': match.name },
    loadButton(match.name),
    ' ',
    el('span', { class: 'badge reason-manual' }, 'manual'),
    ` — mention /${match.name} to use it `,
    el('span', { class: 'score' }, `(score ${score(match.score)})`),
  );
}

/** Fills the region for one turn. */
export function renderActivations(region: HTMLElement, text: string, activations: readonly SkillActivation[], notes: TurnNotes): void {
  region.dataset['count'] = String(activations.length);
  if (text.trim() === '') {
    region.replaceChildren(el('p', { class: 'muted' }, 'Type a message to see which skills it activates.'));
    return;
  }
  const active =
    activations.length > 0
      ? el('ol', { class: 'activations' }, ...activations.map(activationRow))
      : el('p', { testid: 'no-activation' }, 'No skill activates for this turn.');
  const { near, manual, thresholds, first } = notes;
  const rule = el('p', { class: 'muted', testid: 'threshold', 'data-threshold': score(turnThreshold(thresholds, first)) }, thresholdsText(thresholds, first));
  const manuals = manual.length > 0 ? [el('h4', {}, 'Manual skills this turn matches'), el('ul', { class: 'near' }, ...manual.map(manualRow))] : [];
  const under = near.length > 0 ? [el('h4', {}, 'Came close'), el('ul', { class: 'near' }, ...near.map(nearRow))] : [];
  region.replaceChildren(active, ...manuals, ...under, rule);
}
