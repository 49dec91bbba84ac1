/**
 * Satchel demo: the Evaluate panel's two SVG plots, drawn from an `evaluateSkills` report. The curve plots kept
 * activation (should-trigger queries the skill activated for) against false activation (should-not queries it
 * activated for), one point per fixed threshold, with the decision rule's own point beside it. The confusion plot has
 * a row per evaluated skill and a column per skill that came first on its should-trigger queries (itself on the
 * diagonal, "(nothing)" when nothing activated); a dot's area is its share of the row's queries.
 */
import type { EvaluationReport, SkillEvaluation } from '../../src/index.js';

const SVG = 'http://www.w3.org/2000/svg';

type Attrs = Record<string, string | number>;

/** An SVG element with attributes and children; a `<title>` child becomes its tooltip. */
function svg(tag: string, attrs: Attrs = {}, ...children: (Node | string)[]): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

const title = (text: string): SVGElement => svg('title', {}, text);
const pct = (rate: number | null): string => (rate === null ? '–' : `${Math.round(rate * 100)} %`);

const SIZE = 300;
const PAD = { left: 48, right: 16, top: 16, bottom: 44 };

/** The kept-vs-false curve of every evaluated skill's queries together: a point per threshold, the rule's point marked. */
export function curvePlot(report: EvaluationReport): SVGElement {
  const w = SIZE - PAD.left - PAD.right;
  const h = SIZE - PAD.top - PAD.bottom;
  const x = (rate: number) => PAD.left + rate * w;
  const y = (rate: number) => PAD.top + (1 - rate) * h;
  const points = report.totals.curve.filter((p) => p.keptRate !== null && p.falseRate !== null);
  const axes = [0, 0.25, 0.5, 0.75, 1].flatMap((t) => [
    svg('line', { x1: x(t), x2: x(t), y1: y(0), y2: y(1), class: 'plot-grid' }),
    svg('line', { x1: x(0), x2: x(1), y1: y(t), y2: y(t), class: 'plot-grid' }),
    svg('text', { x: x(t), y: y(0) + 14, 'text-anchor': 'middle', class: 'plot-tick' }, `${t * 100}`),
    svg('text', { x: x(0) - 6, y: y(t) + 4, 'text-anchor': 'end', class: 'plot-tick' }, `${t * 100}`),
  ]);
  const line = svg('polyline', { points: points.map((p) => `${x(p.falseRate ?? 0)},${y(p.keptRate ?? 0)}`).join(' '), class: 'plot-line' });
  const dots = points.map((p) =>
    svg(
      'circle',
      { cx: x(p.falseRate ?? 0), cy: y(p.keptRate ?? 0), r: 4, class: 'plot-point', 'data-threshold': p.threshold, 'data-testid': 'curve-point' },
      title(`threshold ${p.threshold.toFixed(2)}: kept ${pct(p.keptRate)}, false ${pct(p.falseRate)}`),
    ),
  );
  // Each threshold named beside its point, unless it would sit on the last one named.
  let named: [number, number] | undefined;
  const names = points.flatMap((p) => {
    const at: [number, number] = [x(p.falseRate ?? 0), y(p.keptRate ?? 0)];
    if (named && Math.hypot(at[0] - named[0], at[1] - named[1]) < 14) return [];
    named = at;
    return [svg('text', { x: at[0] + 7, y: at[1] + 4, class: 'plot-tick' }, p.threshold.toFixed(1))];
  });
  const { keptRate, falseRate } = report.totals;
  const rule =
    keptRate === null || falseRate === null
      ? []
      : [
          svg(
            'rect',
            {
              x: x(falseRate) - 5,
              y: y(keptRate) - 5,
              width: 10,
              height: 10,
              transform: `rotate(45 ${x(falseRate)} ${y(keptRate)})`,
              class: 'plot-rule',
              'data-testid': 'curve-rule',
            },
            title(`the decision rule (what activate does): kept ${pct(keptRate)}, false ${pct(falseRate)}`),
          ),
        ];
  const labels = [
    svg('text', { x: PAD.left + w / 2, y: SIZE - 8, 'text-anchor': 'middle', class: 'plot-label' }, 'false activation, % of should-not queries'),
    svg('text', { x: 12, y: PAD.top + h / 2, transform: `rotate(-90 12 ${PAD.top + h / 2})`, 'text-anchor': 'middle', class: 'plot-label' }, 'kept, %'),
  ];
  const name = 'Kept versus false activation over fixed thresholds 0 to 1; the diamond is the decision rule';
  return svg(
    'svg',
    { viewBox: `0 0 ${SIZE} ${SIZE}`, width: SIZE, height: SIZE, role: 'img', 'aria-label': name, class: 'plot', 'data-testid': 'curve-plot' },
    title(name),
    ...axes,
    line,
    ...dots,
    ...names,
    ...rule,
    ...labels,
  );
}

// Parentheses are never in a skill name, so this column cannot be a skill's.
const NOTHING = '(nothing)';
const CELL = 26;
const LABEL = 190;
// Room for the slanted column names, which run up and to the right.
const RIGHT = 90;
const HEAD = 118;

/** Where each evaluated skill's should-trigger queries went first: itself, another skill, or none. */
export function confusionPlot(report: EvaluationReport): SVGElement {
  const rows = Object.entries(report.skills).filter(([, s]) => s.shouldTrigger > 0);
  const columns = [...new Set([...rows.map(([name]) => name), ...rows.flatMap(([, s]) => s.confusions.map((c) => c.name)), NOTHING])];
  const width = LABEL + columns.length * CELL + RIGHT;
  const height = HEAD + rows.length * CELL + 8;
  const cx = (i: number) => LABEL + i * CELL + CELL / 2;
  const cy = (i: number) => HEAD + i * CELL + CELL / 2;
  const heads = columns.map((c, i) =>
    svg('text', { x: cx(i), y: HEAD - 8, transform: `rotate(-50 ${cx(i)} ${HEAD - 8})`, class: `plot-tick${c === NOTHING ? ' plot-none' : ''}` }, c),
  );
  const body = rows.map(([name, s], r) =>
    svg(
      'g',
      { 'data-skill': name, 'data-testid': 'confusion-row' },
      svg('text', { x: LABEL - 8, y: cy(r) + 4, 'text-anchor': 'end', class: 'plot-tick' }, `${name} ${pct(s.keptRate)}`),
      svg('line', { x1: LABEL, x2: LABEL + columns.length * CELL, y1: cy(r), y2: cy(r), class: 'plot-grid' }),
      ...cellsOf(name, s).map(({ to, count }) => {
        const i = columns.indexOf(to);
        const kind = to === name ? 'plot-first' : to === NOTHING ? 'plot-none' : 'plot-confused';
        const radius = Math.max(2.5, (CELL / 2 - 1) * Math.sqrt(count / s.shouldTrigger));
        const said = to === NOTHING ? 'nothing activated' : to === name ? 'it came first' : `${to} came first`;
        return svg(
          'circle',
          { cx: cx(i), cy: cy(r), r: radius.toFixed(1), class: kind, 'data-to': to, 'data-count': count },
          title(`${name}: ${said} on ${count} of ${s.shouldTrigger} should-trigger queries`),
        );
      }),
    ),
  );
  const name = 'Confusions: for each skill (rows), which skill came first on the queries that should trigger it (columns)';
  return svg(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': name, class: 'plot', 'data-testid': 'confusion-plot' },
    title(name),
    ...heads,
    ...body,
  );
}

/** A row's dots: its first places, each skill that came first instead, and the queries where nothing came first. */
function cellsOf(name: string, s: SkillEvaluation): { to: string; count: number }[] {
  const confused = s.confusions.reduce((n, c) => n + c.count, 0);
  const none = s.shouldTrigger - s.first - confused;
  return [{ to: name, count: s.first }, ...s.confusions.map((c) => ({ to: c.name, count: c.count })), { to: NOTHING, count: none }].filter((c) => c.count > 0);
}
