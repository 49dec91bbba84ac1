// The demo's word on stored skills the runtime left out: counted on the status line, each marked with its reason.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import type { SkillSummary } from '../../src/store/index.js';
import { notLoaded, reasonFor, statusText, storeProblems } from '../../demo/lib/load-warnings.js';
import type { Runtime } from '../../demo/lib/runtime.js';

const summary = (name: string, state: 'active' | 'archived' = 'active'): SkillSummary => ({ name, state, revision: 1 }) as unknown as SkillSummary;
const diagnostic = (code: string, path: string, message: string, severity = 'warning'): Diagnostic =>
  ({ code, path, message, severity, line: 0, column: 0 }) as unknown as Diagnostic;

const limit = diagnostic(
  'namespace-limit',
  'demo/me/skills',
  'Namespace `demo/me/skills` holds more than 50 items (perNamespace); 80 more items were not loaded.',
);
const broken = diagnostic('file-too-large', 'demo/me/skills/huge/SKILL.md', 'huge/SKILL.md is 9 MB, over the 256 KiB limit.');

describe('stored skills the runtime did not load', () => {
  it('are the active ones missing from the loaded user skills', () => {
    const stored = [summary('a'), summary('b'), summary('c', 'archived')];
    expect(notLoaded(stored, new Set(['a'])).map((s) => s.name)).toEqual(['b']);
  });

  it('say why: their own problem first, else the namespace limit', () => {
    expect(reasonFor('huge', [limit, broken])).toBe(broken.message);
    expect(reasonFor('other', [limit, broken])).toBe(limit.message);
    expect(reasonFor('other', [])).toMatch(/did not load/);
  });

  it('keep to the store namespaces, warnings and errors only', () => {
    const builtin = diagnostic('name-mismatch', 'builtin/pdf/SKILL.md', 'x');
    const info = diagnostic('hidden-skipped', 'demo/me/skills/x', 'x', 'info');
    expect(storeProblems([limit, builtin, info, broken])).toEqual([limit, broken]);
  });

  it('are counted on the status line, with the limit named', async () => {
    const runtime = {
      size: Promise.resolve(63),
      diagnostics: Promise.resolve([limit]),
      store: { list: () => Promise.resolve(Array.from({ length: 130 }, (_, i) => summary(`s${i}`))) },
      getAll: () => Promise.resolve(Array.from({ length: 50 }, (_, i) => ({ name: `s${i}`, source: 'user' }))),
    } as unknown as Runtime;
    const { text, warnings } = await statusText(runtime);
    expect(text).toBe(`63 skills loaded in the worker. 80 of your 130 skills did not load (marked in My skills). ${limit.message}`);
    expect(warnings).toBe(81);
  });
});
