/**
 * The bases of the routing bench's scale runs: each a pool of skills with
 * labelled turns, from which skill sets of about 10 to 1,500 skills are
 * drawn (`scaleSets`). CLINC150 and MetaTool (development sets), the demo's
 * own skills, and corpus requests over real skills of the shared corpus;
 * every base is padded with corpus skills above its own size. Each turn has a
 * split: the decision rule is fitted on `tune` turns only and judged on `test`
 * turns (bench/routing/decision-fit.ts).
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RoutingQuery, RoutingSet, RoutingTool } from './routing-data.js';

/** A pool of skills and turns; `queries` expecting nothing are out of scope for every set drawn from it. */
export interface ScaleBase {
  readonly name: string;
  readonly tools: readonly RoutingTool[];
  readonly queries: readonly RoutingQuery[];
  /** The sizes of the skill sets drawn: its own tools first, corpus skills above its size. */
  readonly sizes: readonly number[];
  /** True when the base has skills for small talk (CLINC150's greetings, jokes, "are you a bot"): the project's chit-chat turns are then not out of scope for it. */
  readonly coversChitChat?: boolean;
}

/** Skill set sizes of the scale runs. */
export const SCALE_SIZES = [10, 50, 150, 500, 1500] as const;

/** FNV-1a of a text: a stable split of sets that have none. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The query's split as the file gives it, else by a hash of its text (half and half). */
export function splitOf(q: RoutingQuery): 'tune' | 'test' {
  return q.split ?? (hash(q.text) % 2 === 0 ? 'tune' : 'test');
}

/** The corpus skills (not those in hidden folders) as tools with their body's routing part and file names. */
export function corpusTools(root: string): RoutingTool[] {
  const data = JSON.parse(readFileSync(join(root, 'bench', 'data', 'corpus-skills.json'), 'utf8')) as {
    skills: { id: string; name: string; description: string; body?: string; files?: string[] }[];
  };
  return data.skills
    .filter((s) => !s.id.split('/').some((part) => part.startsWith('.')))
    .map((s) => ({
      id: `corpus:${s.id}`,
      name: s.name,
      description: s.description.slice(0, 1024),
      ...(s.body ? { body: s.body } : {}),
      ...(s.files ? { files: s.files } : {}),
    }));
}

/** Out-of-scope turns of a file in the `out-of-scope.json` shape, with the split given. */
function outOfScope(root: string, file: string, split: 'tune' | 'test'): RoutingQuery[] {
  if (!existsSync(join(root, 'bench', 'data', file))) return [];
  const data = JSON.parse(readFileSync(join(root, 'bench', 'data', file), 'utf8')) as { queries: { text: string; kind?: string }[] };
  return data.queries.map((q) => ({ text: q.text, expected: [], split, ...(q.kind ? { kind: q.kind } : {}) }));
}

/** The project's own out-of-scope turns: `out-of-scope.json` (tuned on) and `out-of-scope-test.json` (held out). */
export function ownOutOfScope(root: string): RoutingQuery[] {
  return [...outOfScope(root, 'out-of-scope.json', 'tune'), ...outOfScope(root, 'out-of-scope-test.json', 'test')];
}

/** The demo's routable skills as they are on disk (SKILL.md and resource file names). */
export function demoTools(root: string): RoutingTool[] {
  const dir = join(root, 'demo', 'skills');
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .map((name) => ({ id: `demo:${name}`, name, description: '', skillMd: readFileSync(join(dir, name, 'SKILL.md'), 'utf8') }));
}

/** Every base: the two development sets, the demo's skills with their turns, and the corpus with its requests. */
export function scaleBases(root: string, sets: readonly RoutingSet[]): ScaleBase[] {
  const corpus = corpusTools(root);
  const bases: ScaleBase[] = sets.map((set) => ({
    name: set.name,
    tools: set.tools,
    queries: set.queries,
    sizes: SCALE_SIZES,
    ...(/clinc/i.test(set.name) ? { coversChitChat: true } : {}),
  }));
  const demo = readQueries(root, 'demo-turns.json');
  const demoSkills = demoTools(root);
  bases.push({
    name: 'demo',
    tools: demoSkills,
    queries: demo.map((q) => ({ ...q, expected: q.expected.map((n) => `demo:${n}`) })),
    sizes: [demoSkills.length, ...SCALE_SIZES.filter((n) => n > demoSkills.length)],
  });
  bases.push({
    name: 'corpus',
    tools: corpus,
    queries: corpusRequests(root),
    sizes: [...SCALE_SIZES.filter((n) => n < corpus.length), corpus.length],
  });
  return bases;
}

/** The corpus requests (`bench/data/corpus-requests.json`), their expected skills as `corpus:` tool ids. */
export function corpusRequests(root: string): RoutingQuery[] {
  return readQueries(root, 'corpus-requests.json').map((q) => ({ ...q, expected: q.expected.map((id) => `corpus:${id}`) }));
}

function readQueries(root: string, file: string): RoutingQuery[] {
  if (!existsSync(join(root, 'bench', 'data', file))) return [];
  const data = JSON.parse(readFileSync(join(root, 'bench', 'data', file), 'utf8')) as { queries?: RoutingQuery[] };
  if (!Array.isArray(data.queries)) throw new Error(`${file}: no queries`);
  return data.queries;
}
