/**
 * The folders of the side-by-side load bench (`npm run bench:load`), built
 * from the project's own data only:
 *
 * - `writeGeneratedFolder`: the generated skills of the loader bench with
 *   the resource mix the bench is judged on: about 30 % with `references/`
 *   (the generator's), 10 % with a `scripts/` file and 5 % with a binary
 *   file (both topped up here, deterministically).
 * - `writeCorpusFolder`: the real-world corpus flattened to one level of
 *   skill folders. The project holds no copy of the corpus's files, only
 *   `bench/data/corpus-skills.json` (each skill's name, description, the
 *   part of the body routing reads, resource file names) and
 *   `test/fixtures/corpus` (92 real folders). So each skill is rebuilt: its
 *   own front matter and body text, padded to a SKILL.md size drawn from
 *   the fixture folders' real sizes, and each named resource file written
 *   with generated text of a size drawn from the fixtures' real resources.
 * @module
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRandom, generateSkills, type GeneratedSkill } from '../generate.js';
import { writeCorpus, type LoaderCorpus } from './loader-tree.js';

/** What a bench folder holds, for the report. */
export interface FolderFacts {
  readonly skills: number;
  readonly files: number;
  readonly bytes: number;
  readonly withReferences: number;
  readonly withScripts: number;
  readonly withBinary: number;
  /** How the folder was made, when it is not the data itself. */
  readonly note?: string;
}

const SCRIPT =
  '#!/usr/bin/env python3\nimport sys\n\n\ndef main() -> int:\n    print("ok", sys.argv[1:])\n    return 0\n\n\nif __name__ == "__main__":\n    sys.exit(main())\n';

/** Bytes that read as a small PNG: the signature, then seeded noise with NULs (binary to every sniffing rule). */
function binaryBytes(random: () => number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  for (let i = 12; i < size; i++) bytes[i] = random() < 0.1 ? 0 : Math.floor(random() * 256);
  return bytes;
}

/** Writes `count` generated skills under `dir` with the judged resource mix; describes what it wrote. */
export async function writeGeneratedFolder(dir: string, count: number, seed: number | undefined): Promise<FolderFacts & { corpus: LoaderCorpus }> {
  const random = createRandom((seed ?? 0x5a7c4e1) ^ 0x9e3779b9);
  const skills: GeneratedSkill[] = generateSkills(count, { ...(seed === undefined ? {} : { seed }), references: { rate: 0.3 } }).map((s) => ({ ...s }));
  const hasScript = (s: GeneratedSkill): boolean => s.files.some((f) => f.path.startsWith('scripts/'));
  // Top up to 10 % with a script, picking skills in a seeded order.
  const order = skills.map((_, i) => i).sort(() => random() - 0.5);
  let scripts = skills.filter(hasScript).length;
  for (const i of order) {
    if (scripts >= Math.round(count * 0.1)) break;
    const skill = skills[i] as GeneratedSkill;
    if (hasScript(skill)) continue;
    skills[i] = { ...skill, files: [...skill.files, { path: 'scripts/run.py', content: SCRIPT }] };
    scripts++;
  }
  const corpus = await writeCorpus(dir, skills);
  let binary = 0;
  let binaryBytesWritten = 0;
  for (const i of order.slice(-Math.round(count * 0.05))) {
    const skill = skills[i] as GeneratedSkill;
    const bytes = binaryBytes(random, 1024 + Math.floor(random() * 15 * 1024));
    await mkdir(join(dir, skill.folder, 'assets'), { recursive: true });
    await writeFile(join(dir, skill.folder, 'assets', 'icon.png'), bytes);
    binary++;
    binaryBytesWritten += bytes.byteLength;
  }
  return {
    skills: count,
    files: corpus.files + binary,
    bytes: corpus.totalBytes + binaryBytesWritten,
    withReferences: skills.filter((s) => s.files.some((f) => f.path.startsWith('references/'))).length,
    withScripts: scripts,
    withBinary: binary,
    corpus,
  };
}

interface CorpusSkill {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly body: string;
  readonly files?: readonly string[];
}

/** Sizes of the fixture corpus's real files: SKILL.md and the rest. */
function fixtureSizes(root: string): { skill: number[]; resource: number[] } {
  const skill: number[] = [];
  const resource: number[] = [];
  const visit = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, d.name);
      if (d.isDirectory()) visit(path);
      else if (d.name === 'SKILL.md') skill.push(statSync(path).size);
      else if (dir !== root) resource.push(statSync(path).size);
    }
  };
  visit(root);
  return { skill, resource };
}

/** A front matter value as YAML: plain when nothing in it needs quoting, else a JSON string (valid YAML). */
function yamlText(value: string): string {
  return /^[A-Za-z0-9][^:#\n"'\\]*$/.test(value) && !/\s$/.test(value) ? value : JSON.stringify(value);
}

/**
 * Writes the corpus of `corpus-skills.json` (skills outside dot folders), flattened to one level under `dir`:
 * one folder per skill, named after the skill's own folder (a repeated folder name gets `-2`, `-3`, …).
 */
export async function writeCorpusFolder(dir: string, projectRoot: string): Promise<FolderFacts> {
  const data = JSON.parse(readFileSync(join(projectRoot, 'bench/data/corpus-skills.json'), 'utf8')) as { skills: CorpusSkill[] };
  const sizes = fixtureSizes(join(projectRoot, 'test/fixtures/corpus'));
  const random = createRandom(0xc0ffee);
  const pick = (list: readonly number[]): number => list[Math.floor(random() * list.length)] ?? 1024;
  const filler = generateSkills(64, { seed: 11, minBytes: 16 * 1024, maxBytes: 32 * 1024 }).map((s) => s.text.slice(s.text.indexOf('\n---\n') + 5));
  const fill = (text: string, size: number): string => {
    let out = text;
    while (Buffer.byteLength(out) < size) out += `\n\n${filler[Math.floor(random() * filler.length)] ?? ''}`;
    return out.slice(0, Math.max(text.length, size));
  };
  const used = new Map<string, number>();
  let files = 0;
  let bytes = 0;
  let skills = 0;
  let withReferences = 0;
  for (const skill of data.skills) {
    if (skill.id.split('/').some((p) => p.startsWith('.'))) continue;
    const base = skill.id.slice(skill.id.lastIndexOf('/') + 1);
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const folder = join(dir, n === 1 ? base : `${base}-${n}`);
    const head = `---\nname: ${yamlText(skill.name)}\ndescription: ${yamlText(skill.description)}\n---\n\n`;
    const text = head + fill(skill.body, pick(sizes.skill) - Buffer.byteLength(head));
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'SKILL.md'), text);
    skills++;
    files++;
    bytes += Buffer.byteLength(text);
    // Flattened: a nested skill's SKILL.md is left out, so every skill folder stands at one level.
    const resources = (skill.files ?? []).filter((f) => !f.split('/').some((p) => p.startsWith('.')) && !/(^|\/)skill\.md$/i.test(f));
    if (resources.some((f) => f.startsWith('references/'))) withReferences++;
    for (const file of resources) {
      const content = fill(`# ${file}\n`, pick(sizes.resource));
      const path = join(folder, file);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, content);
      files++;
      bytes += Buffer.byteLength(content);
    }
  }
  return {
    skills,
    files,
    bytes,
    withReferences,
    withScripts: 0,
    withBinary: 0,
    note:
      'Rebuilt from bench/data/corpus-skills.json (the project holds no copy of the corpus files): each skill of it outside dot folders, ' +
      'one folder per skill at one level, with its own name, description and the body part routing reads, padded with generated Markdown ' +
      'to a SKILL.md size drawn from test/fixtures/corpus, and each named resource file written with generated text of a size drawn from ' +
      "the fixtures' real resources (the corpus itself holds no scripts or binaries).",
  };
}
