/**
 * Satchel demo: a skill's origin badge, its scanner findings and its unmet needs, drawn into "slots" — spans that name
 * their skill (`data-provenance-for`) and what they show (`data-provenance`: a list row, an activation, the opened
 * skill). When the provenance of a skill changes (read again after a load, or scanned), its slots are refilled in
 * place, so the page keeps its focus and scroll while the worker scans. All skill text goes in as text nodes.
 */
import type { Diagnostic, SkillProvenance, UnmetNeeds } from '../../src/index.js';
import { el } from '../lib/dom.js';
import { onProvenance, provenanceOf, scanFailure } from '../lib/provenance.js';

/** Where a slot is, which decides how much it shows. */
export type SlotKind = 'row' | 'activation' | 'detail';

/** What the badge says: `builtin`, `org`, `user`, `agent-written`, `remote: <index URL>` or `MCP: <server label>`. */
export function originText(p: SkillProvenance): string {
  if (p.origin === 'agent') return 'agent-written';
  if (p.origin === 'remote') return `remote: ${p.label}`;
  if (p.origin === 'mcp') return `MCP: ${p.label}`;
  return p.origin;
}

function originBadge(p: SkillProvenance): HTMLElement {
  const title = `tier ${p.tier}; listed by ${p.source}`;
  return el('span', { class: `badge origin-${p.origin}`, testid: 'origin-badge', 'data-origin': p.origin, 'data-tier': p.tier, title }, originText(p));
}

/** The worst severity among `findings`, for the count's colour. */
function worst(findings: readonly Diagnostic[]): string {
  for (const severity of ['error', 'warning'] as const) if (findings.some((f) => f.severity === severity)) return severity;
  return 'info';
}

function findingsCount(name: string, p: SkillProvenance): HTMLElement {
  const failure = scanFailure(name);
  if (failure !== undefined) return el('span', { class: 'findings warning', testid: 'findings-count', 'data-state': 'failed', title: failure }, 'not scanned');
  const findings = p.findings;
  if (findings === undefined) return el('span', { class: 'findings muted', testid: 'findings-count', 'data-state': 'pending' }, 'scanning…');
  const text = findings.length === 0 ? 'no findings' : `${findings.length} finding${findings.length === 1 ? '' : 's'}`;
  const level = findings.length === 0 ? 'none' : worst(findings);
  const title = findings.length === 0 ? 'The scanner found nothing' : findings.map((f) => `${f.severity} ${f.code}`).join(', ');
  const attributes = { class: `findings findings-${level}`, testid: 'findings-count', 'data-state': 'scanned', 'data-count': String(findings.length), title };
  return el('span', attributes, text);
}

/** What is missing, in a line: the `all` tools the demo lacks, and the `any` list when it has none of it. */
export function unmetText(unmet: UnmetNeeds): string {
  const parts: string[] = [];
  if (unmet.missing.length > 0) parts.push(unmet.missing.join(', '));
  if (unmet.anyOf.length > 0) parts.push(`one of ${unmet.anyOf.join(', ')}`);
  return `needs ${parts.join('; ')}`;
}

function unmetNote(p: SkillProvenance): HTMLElement[] {
  if (!p.unmetNeeds) return [];
  const title = 'The demo lacks these tools: the skill is kept out of routing, the catalog and skills.load.';
  return [el('span', { class: 'unmet warning', testid: 'unmet-needs', title }, unmetText(p.unmetNeeds))];
}

function findingRow(f: Diagnostic): HTMLLIElement {
  const where = f.line > 0 ? `${f.path}:${f.line}:${f.column}` : f.path;
  return el(
    'li',
    { class: `diagnostic severity-${f.severity}`, testid: 'finding', 'data-code': f.code, 'data-severity': f.severity },
    `${where} ${f.severity} ${f.code} ${f.message}`,
  );
}

/** A list of scanner findings (the proposals panel shows a proposal's the same way). */
export function findingsList(findings: readonly Diagnostic[], testid = 'findings'): HTMLElement {
  return el('ul', { class: 'diagnostics findings-list', testid }, ...findings.map(findingRow));
}

/** The opened skill's part: where it came from in words, what it needs, and every finding. */
function detailParts(name: string, p: SkillProvenance): Node[] {
  const from = el('p', {}, originBadge(p), ` tier ${p.tier}, from `, el('span', { class: 'mono', testid: 'origin-label' }, p.label), ` (${p.source})`);
  const needs = p.unmetNeeds ? [el('p', {}, ...unmetNote(p), ': it is kept out of routing, the catalog and skills.load.')] : [];
  const findings = p.findings && p.findings.length > 0 ? [findingsList(p.findings)] : [];
  return [from, ...needs, el('p', {}, findingsCount(name, p)), ...findings];
}

function fill(slot: HTMLElement): void {
  const name = slot.dataset['provenanceFor'] ?? '';
  const p = provenanceOf(name);
  if (!p) return void slot.replaceChildren(el('span', { class: 'muted' }, '…'));
  const kind = slot.dataset['provenance'] as SlotKind;
  if (kind === 'detail') return void slot.replaceChildren(...detailParts(name, p));
  const parts: (Node | string)[] = [originBadge(p), ' ', findingsCount(name, p)];
  if (kind === 'row') parts.push(...unmetNote(p).flatMap((note) => [' ', note]));
  slot.replaceChildren(...parts);
}

/** A span showing `name`'s origin, findings and needs as `kind` shows them, kept current by {@link onProvenance}. */
export function provenanceSlot(name: string, kind: SlotKind): HTMLElement {
  const slot = el(kind === 'detail' ? 'div' : 'span', { class: `provenance provenance-${kind}`, 'data-provenance-for': name, 'data-provenance': kind });
  fill(slot);
  return slot;
}

onProvenance((names) => {
  const changed = new Set(names);
  for (const slot of document.querySelectorAll<HTMLElement>('[data-provenance-for]')) {
    if (changed.has(slot.dataset['provenanceFor'] ?? '')) fill(slot);
  }
});
