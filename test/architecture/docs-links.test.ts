// Docs that match: every relative link in README.md and docs/*.md reaches a file of the repository, and no page
// names a path of one machine (a checkout's absolute location, a temp folder).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The relative targets of Markdown links `[text](target)` outside code spans and blocks, without their `#anchor`. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => (m[1] ?? '').split('#')[0] ?? '').filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** Absolute paths of one machine: /work/…, /home/…, /tmp/…, /Users/…, C:\… */
export function machinePaths(markdown: string): string[] {
  return [...markdown.matchAll(/(?<![\w.])(?:\/(?:work|home|tmp|Users|root)\/[\w./-]+|[A-Z]:\\[\w\\.-]+)/g)].map((m) => m[0]);
}

describe('the docs', () => {
  it.each(pages)('%s links only to files that exist', (page) => {
    const missing = relativeLinks(readFileSync(join(root, page), 'utf8')).filter((target) => !existsSync(normalize(join(root, dirname(page), target))));
    expect(missing).toEqual([]);
  });

  it.each(pages)('%s names no path of one machine', (page) => {
    expect(machinePaths(readFileSync(join(root, page), 'utf8'))).toEqual([]);
  });

  it('the checks catch what they look for', () => {
    expect(relativeLinks('see [the design](DESIGN.md#layers), [site](https://x.dev) and `[not](code.md)`')).toEqual(['DESIGN.md']);
    expect(machinePaths('the corpus (`/work/shared/corpus`) and /tmp/x.json, not src/work/a.ts')).toEqual(['/work/shared/corpus', '/tmp/x.json']);
  });
});
