#!/usr/bin/env node
// Writes bench/data/corpus-skills.json: the name and description of every SKILL.md of the real-world corpus
// (shared/corpus: ten public collections, see its README for commits and licenses), for the routing bench's
// scale runs, so a fresh clone needs no ../shared.   node bench/data/extract-corpus.mjs <corpus dir>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = process.argv[2] ?? '../shared/corpus';
const out = join(dirname(fileURLToPath(import.meta.url)), 'corpus-skills.json');

function* skillFiles(dir) {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, d.name);
    if (d.isDirectory()) yield* skillFiles(path);
    else if (d.name.toLowerCase() === 'skill.md') yield path;
  }
}

const skills = [];
let skipped = 0;
for (const file of skillFiles(root)) {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const m = /^---\n([\s\S]*?)\n---/.exec(text);
  let front;
  try {
    front = m ? parse(m[1]) : undefined;
  } catch {
    front = undefined;
  }
  const description = typeof front?.description === 'string' ? front.description.replace(/\s+/g, ' ').trim() : '';
  if (!description) {
    skipped++;
    continue;
  }
  const path = relative(root, dirname(file)).split('\\').join('/');
  skills.push({ id: path, name: String(front.name ?? path.split('/').pop()), description });
}
skills.sort((a, b) => (a.id < b.id ? -1 : 1));
writeFileSync(out, `${JSON.stringify({ name: 'corpus', source: 'shared/corpus (see its README: ten public collections, commits and licenses)', skipped, skills }, null, 0)}\n`);
console.log(`${skills.length} skills written, ${skipped} without a readable description`);
