// The directory source hashes resources in one call and reads the files it does not keep into one reused buffer
// (file-facts.ts): every file's size, text flag and digest, every kept content, and every skill's digest must stay
// what an eager reference computes — the same tree given to memorySource, which computes each file's facts from its
// bytes in memory with the project's own SHA-256, and the loader's eager digest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRandom, generateSkills, skillFiles } from '../../bench/generate.js';
import { SkillLoader } from '../../src/index.js';
import { directorySource } from '../../src/node/index.js';
import { memorySource } from '../../src/sources/memory.js';
import type { SkillSource } from '../../src/sources/source.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees, type FileTree } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-facts-');

/** Seeded bytes: with `nulAt`, a NUL there and none before; else UTF-8-breaking bytes throughout. */
function bytesOf(seed: number, size: number, nulAt?: number): Uint8Array {
  const random = createRandom(seed);
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = nulAt === undefined ? Math.floor(random() * 256) : 0x61 + Math.floor(random() * 26);
  if (nulAt !== undefined && nulAt < size) bytes[nulAt] = 0;
  return bytes;
}

/** A tree with every kind of file the facts tell apart, one after another so a reused buffer would show. */
function treeFiles(): FileTree {
  const files: Record<string, string | Uint8Array> = {};
  for (const skill of generateSkills(40, { seed: 7, references: { rate: 0.5 } })) for (const f of skillFiles(skill)) files[f.path] = f.content;
  files['mixed/SKILL.md'] = skillMd('mixed', { description: 'Holds every kind of file. Use when testing file facts.' });
  files['mixed/a-large.md'] = 'x'.repeat(200 * 1024); // read first: larger than what follows
  files['mixed/b-empty.txt'] = '';
  files['mixed/c-small.md'] = 'small\n';
  files['mixed/d-binary.png'] = bytesOf(1, 4096);
  files['mixed/e-nul-late.txt'] = bytesOf(2, 12 * 1024, 9000); // a NUL past the sniffed 8 KiB: still text
  files['mixed/f-nul-early.txt'] = bytesOf(3, 3000, 100);
  files['mixed/g-latin1.txt'] = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]);
  files['mixed/h-utf8.md'] = 'café ✓ 😀\n'.repeat(50);
  files['mixed/i-full.bin'] = bytesOf(4, 256 * 1024); // exactly one read
  files['mixed/references/z-after.md'] = 'after the big ones\n';
  files['structured/SKILL.md'] = skillMd('structured', {
    description: 'Structured: its body is composed from sections. Use when testing kept contents.',
    front: { metadata: { 'body-format': 'structured' } },
    body: '',
  });
  files['structured/a-big.bin'] = bytesOf(5, 100 * 1024);
  files['structured/sections/workflow.md'] = 'Do the thing in order.\n';
  files['structured/sections/examples.md'] = 'An example.\n';
  return files;
}

/** The skills of a load by name: what each holds of its files and digest. */
async function loaded(source: SkillSource, maxFileBytes?: number): Promise<Record<string, unknown>> {
  const loader = new SkillLoader({ builtin: source, ...(maxFileBytes === undefined ? {} : { limits: { maxFileBytes } }) });
  await loader.loadAll();
  return Object.fromEntries(loader.getAll().map((s) => [s.name, { digest: s.digest, files: s.files, content: s.content, description: s.description }]));
}

describe('directorySource file facts against an eager reference', () => {
  it('gives every file the size, text flag and digest memorySource computes, and every skill its digest', async () => {
    const files = treeFiles();
    const root = await tempTree(files);
    const fromDisk = await loaded(directorySource(root));
    const reference = await loaded(memorySource(files));
    expect(Object.keys(fromDisk).length).toBe(42);
    expect(fromDisk).toEqual(reference);
    // The reference is not vacuous: it holds binary files, text files and the structured body.
    const mixed = reference['mixed'] as { files: { path: string; isText: boolean; size: number }[] };
    expect(mixed.files.filter((f) => !f.isText).map((f) => f.path)).toEqual(['d-binary.png', 'f-nul-early.txt', 'g-latin1.txt', 'i-full.bin']);
    expect(mixed.files.find((f) => f.path === 'e-nul-late.txt')?.isText).toBe(true);
    expect(mixed.files.find((f) => f.path === 'b-empty.txt')?.size).toBe(0);
    expect((reference['structured'] as { content: string }).content).toContain('Do the thing in order.');
  });

  it('keeps the bytes of sections/*.md exactly, whatever was read before them', async () => {
    const files = treeFiles();
    const root = await tempTree(files);
    const { entries } = await directorySource(root).list();
    const structured = entries.find((e) => e.dir === 'structured');
    const kept = (structured?.files ?? []).filter((f) => f.content !== undefined);
    expect(kept.map((f) => f.path)).toEqual(['sections/examples.md', 'sections/workflow.md']);
    for (const f of kept) expect(f.content).toEqual(new Uint8Array(readFileSync(join(root, 'structured', f.path))));
    // Files that are not kept carry no bytes, so none can point into a reused buffer.
    expect(entries.flatMap((e) => e.files ?? []).filter((f) => f.content !== undefined)).toHaveLength(2);
  });

  it('gives files past one read (streamed) the facts memorySource computes', async () => {
    const files: FileTree = {
      'big/SKILL.md': skillMd('big', { description: 'Holds files larger than one read. Use when testing streamed facts.' }),
      'big/a.bin': bytesOf(6, 700 * 1024),
      'big/b.md': 'é'.repeat(200 * 1024), // 400 KiB of two-byte characters: chunks split inside a character
      'big/c.md': 'after\n',
    };
    const root = await tempTree(files);
    const fromDisk = await loaded(directorySource(root, { maxFileBytes: 1024 * 1024 }), 1024 * 1024);
    const reference = await loaded(memorySource(files), 1024 * 1024);
    expect(fromDisk).toEqual(reference);
    const big = fromDisk['big'] as { files: { path: string; isText: boolean }[] };
    expect(big.files.map((f) => [f.path, f.isText])).toEqual([
      ['a.bin', false],
      ['b.md', true],
      ['c.md', true],
    ]);
  });
});
