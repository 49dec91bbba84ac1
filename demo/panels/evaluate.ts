/**
 * Satchel demo: the Evaluate panel. It runs `evaluateSkills` over the skills in the page — each skill's
 * `evals/eval_queries.json` (read from the worker with `readFile`), or queries typed into the panel as JSON — and
 * plots the kept-vs-false curve over fixed thresholds and the confusions. The evaluation runs in the page, but every
 * activation is the worker's: it calls the runtime client's `activateAsync` and `routeAsync`, which answer lexically
 * until routing by meaning is on and ready.
 */
import { evaluateSkills, type EvaluationReport } from '../../src/index.js';
import { parseQueriesFile, type EvalDiagnostic } from '../../src/evaluation/queries.js';
import { el, must } from '../lib/dom.js';
import { errorText, type Runtime } from '../lib/runtime.js';
import { confusionPlot, curvePlot } from '../widgets/plot.js';

const typed = must<HTMLTextAreaElement>('#eval-queries');
const run = must<HTMLButtonElement>('[data-testid="evaluate-run"]');
const status = must<HTMLElement>('[data-testid="evaluate-status"]');
const problems = must<HTMLUListElement>('[data-testid="evaluate-diagnostics"]');
const plots = must<HTMLElement>('[data-testid="evaluate-plots"]');

/** The name typed queries are reported under. */
const TYPED = 'typed queries';

function diagnosticItem(d: EvalDiagnostic): HTMLLIElement {
  const where = d.line > 0 ? `${d.path}:${d.line}:${d.column}` : d.path;
  return el('li', { class: 'diagnostic', 'data-severity': 'error' }, el('code', {}, where), ` ${d.message}`);
}

/** One line of figures: what the person reads before the plots. */
function summary(report: EvaluationReport, source: string): string {
  const names = Object.keys(report.skills);
  const t = report.totals;
  const kept = t.keptRate === null ? 'no should-trigger queries' : `kept ${Math.round(t.keptRate * 100)} % (${t.kept} of ${t.shouldTrigger})`;
  const wrong = t.falseRate === null ? 'no should-not queries' : `false ${Math.round(t.falseRate * 100)} % (${t.falseActivations} of ${t.shouldNotTrigger})`;
  const pairs = report.collisions.map((c) => `${c.pair[0]} ~ ${c.pair[1]} (${c.score.toFixed(2)})`);
  const collisions = pairs.length === 0 ? 'no descriptions collide' : `descriptions that collide: ${pairs.join(', ')}`;
  return `${names.length} skill${names.length === 1 ? '' : 's'} evaluated from ${source}: ${kept}, ${wrong} under the decision rule; ${collisions}.`;
}

async function evaluate(runtime: Runtime): Promise<void> {
  const text = typed.value.trim();
  const given = text === '' ? undefined : parseQueriesFile(text, TYPED);
  run.disabled = true;
  status.dataset['state'] = 'running';
  status.textContent = 'Evaluating…';
  plots.replaceChildren();
  try {
    const report = await evaluateSkills(runtime, given?.queries, {
      meaning: true,
      onProgress: (done, total) => (status.textContent = `Evaluating… ${done} of ${total} queries`),
    });
    const unknown = report.unknown.map((name) => ({
      path: TYPED,
      line: 0,
      column: 0,
      message: `no loaded skill is named "${name}": its queries were not run`,
    }));
    problems.replaceChildren(...[...(given?.diagnostics ?? []), ...report.diagnostics, ...unknown].map(diagnosticItem));
    status.textContent = summary(report, given ? 'the typed queries' : "each skill's evals/eval_queries.json");
    plots.replaceChildren(
      el(
        'figure',
        {},
        curvePlot(report),
        el('figcaption', {}, 'Kept vs false activation at each fixed threshold (named by its point); the diamond: the decision rule'),
      ),
      confusionFigure(report),
    );
    status.dataset['state'] = 'done';
  } catch (error) {
    status.textContent = `The evaluation failed: ${errorText(error)}`;
    status.dataset['state'] = 'failed';
  } finally {
    run.disabled = false;
  }
}

function confusionFigure(report: EvaluationReport): HTMLElement {
  return el(
    'figure',
    {},
    confusionPlot(report),
    el(
      'figcaption',
      {},
      'Which skill came first on the queries that should trigger each skill (rows): green itself, red another skill (its column), grey nothing; a dot’s area is its share of the row',
    ),
  );
}

/** Wires the Run button. */
export function mountEvaluate(runtime: Runtime): void {
  run.addEventListener('click', () => void evaluate(runtime));
}
