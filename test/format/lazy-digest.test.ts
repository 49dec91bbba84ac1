// ParseOptions.lazyDigest: the digest is computed on first read, and it is the digest the eager parse gives, in the
// same place among the keys, through spread, JSON and structured clone, and after an assignment.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSkills, skillFiles } from '../../bench/generate.js';
import { parseSkill, type ParseOptions } from '../../src/format/parse.js';

/** Every SKILL.md of the corpus subset with its folder and resource files (contents for sections, facts otherwise). */
function corpusInputs(): { text: string; options: ParseOptions }[] {
  const out: { text: string; options: ParseOptions }[] = [];
  const visit = (dir: string): void => {
    const names = readdirSync(dir, { withFileTypes: true });
    for (const d of names) if (d.isDirectory()) visit(join(dir, d.name));
    if (!names.some((d) => d.name === 'SKILL.md')) return;
    const files = names.filter((d) => d.isFile() && d.name !== 'SKILL.md').map((d) => ({ path: d.name, content: readFileSync(join(dir, d.name)) }));
    out.push({ text: readFileSync(join(dir, 'SKILL.md'), 'utf8'), options: { folder: dir.slice(dir.lastIndexOf('/') + 1), path: dir, files } });
  };
  visit('test/fixtures/corpus');
  return out;
}

function generatedInputs(): { text: string; options: ParseOptions }[] {
  return generateSkills(300, { seed: 41, references: { rate: 0.5 } }).map((s) => {
    const [main, ...rest] = skillFiles(s);
    return {
      text: main?.content ?? '',
      options: { folder: s.folder, files: rest.map((f) => ({ path: f.path.slice(s.folder.length + 1), content: f.content })) },
    };
  });
}

describe('parseSkill with lazyDigest', () => {
  const inputs = [...corpusInputs(), ...generatedInputs()];

  it('gives every skill the eager digest, with the same keys in the same order', () => {
    let parsed = 0;
    for (const { text, options } of inputs) {
      const eager = parseSkill(text, options).skill;
      const lazy = parseSkill(text, { ...options, lazyDigest: true }).skill;
      if (eager === undefined) {
        expect(lazy).toBeUndefined();
        continue;
      }
      parsed++;
      expect(Object.getOwnPropertyDescriptor(lazy, 'digest')?.get).toBeTypeOf('function');
      expect(Object.keys(lazy ?? {}).join()).toBe(Object.keys(eager).join());
      expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
      expect(lazy?.digest).toBe(eager.digest);
      expect(lazy).toEqual(eager);
    }
    expect(parsed).toBeGreaterThan(300);
  });

  it('is a plain value once spread or cloned, and takes an assignment', () => {
    const { text, options } = inputs[inputs.length - 1] as (typeof inputs)[number];
    const lazy = parseSkill(text, { ...options, lazyDigest: true }).skill as { digest: string };
    const eager = parseSkill(text, options).skill as { digest: string };
    const copy = { ...lazy };
    expect(Object.getOwnPropertyDescriptor(copy, 'digest')).toMatchObject({ value: eager.digest, writable: true });
    expect(structuredClone(lazy).digest).toBe(eager.digest);
    lazy.digest = 'sha256:changed';
    expect(lazy.digest).toBe('sha256:changed');
  });
});
