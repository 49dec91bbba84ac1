/**
 * Satchel demo: what the runtime could not load of the person's own skills — a store namespace over a limit, a
 * stored skill that failed to parse or passed a per-skill limit — so the status line and "My skills" can say so
 * where the person looks, instead of skills vanishing after a reload.
 */
import type { Diagnostic } from '../../src/index.js';
import type { SkillSummary } from '../../src/store/index.js';
import { ORG_NS, USER_NS, type Runtime } from './runtime.js';

/** The loader's warnings and errors about the store's namespaces (the demo's org and the person's own). */
export function storeProblems(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const prefixes = [USER_NS.join('/'), ORG_NS.join('/')];
  return diagnostics.filter((d) => d.severity !== 'info' && prefixes.some((p) => d.path === p || d.path.startsWith(`${p}/`)));
}

/** The status line: how many skills the worker holds, and what of the store it left out (and why). */
export async function statusText(runtime: Runtime): Promise<{ text: string; warnings: number }> {
  const [size, diagnostics, stored, loaded] = await Promise.all([runtime.size, runtime.diagnostics, runtime.store.list(USER_NS), userSkillNames(runtime)]);
  const missing = notLoaded(stored, loaded);
  const limit = storeProblems(diagnostics).filter((d) => d.code === 'namespace-limit');
  const parts = [`${size} skills loaded in the worker.`];
  if (missing.length > 0) parts.push(`${missing.length} of your ${countActive(stored)} skills did not load (marked in My skills).`);
  for (const d of limit) parts.push(d.message);
  return { text: parts.join(' '), warnings: missing.length + limit.length };
}

/** Names of the person's skills the runtime holds as user skills. */
export async function userSkillNames(runtime: Runtime): Promise<Set<string>> {
  return new Set((await runtime.getAll()).filter((s) => s.source === 'user').map((s) => s.name));
}

/** Active stored skills the runtime did not load. */
export function notLoaded(stored: readonly SkillSummary[], loaded: ReadonlySet<string>): SkillSummary[] {
  return stored.filter((s) => s.state === 'active' && !loaded.has(s.name));
}

function countActive(stored: readonly SkillSummary[]): number {
  return stored.filter((s) => s.state === 'active').length;
}

/** Why `name` did not load, from the loader's diagnostics: its own problem, else a namespace limit, else unknown. */
export function reasonFor(name: string, diagnostics: readonly Diagnostic[]): string {
  const problems = storeProblems(diagnostics);
  const own = problems.find((d) => d.path.split('/').includes(name));
  if (own) return own.message;
  const limit = problems.find((d) => d.code === 'namespace-limit');
  return limit ? limit.message : 'the runtime did not load it (see the browser console for the loader diagnostics)';
}
