#!/usr/bin/env node
// Writes bench/data/corpus-skills.json: the name, description, routing part of the body and resource file names of
// every SKILL.md of the real-world corpus
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

// Only what routing reads of a body (src/routing/body-text.ts): the heading lines and the first prose paragraph,
// in their order, so the file stays small; the router extracts the same from this as from the whole body.
function routingPart(body) {
  const out = [];
  // An open fence closes only on a run of the same character at least as long (as src/routing/body-text.ts reads it).
  let fence;
  let paragraph = 'before';
  for (const line of body.split('\n')) {
    const run = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (run !== undefined && run[0] === fence[0] && run.length >= fence.length && line.trim() === run) fence = undefined;
      continue;
    }
    if (run !== undefined) {
      fence = run;
      continue;
    }
    if (/^ {0,3}#{1,6}[ \t]+/.test(line)) {
      out.push(line);
      if (paragraph === 'in') paragraph = 'after';
      continue;
    }
    if (paragraph === 'after') continue;
    if (line.trim() === '') {
      if (paragraph === 'in') paragraph = 'after';
      continue;
    }
    if (paragraph === 'before' && /^(\s*([-*+>|<]|\d+[.)]\s)| {4}|\t)/.test(line)) continue;
    paragraph = 'in';
    out.push(line);
  }
  return out.join('\n').slice(0, 4000);
}

function resourceFiles(dir, prefix = '') {
  const out = [];
  for (const d of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${d.name}` : d.name;
    if (d.name.startsWith('.')) continue;
    if (d.isDirectory()) out.push(...resourceFiles(dir, path));
    else if (path.toLowerCase() !== 'skill.md') out.push(path);
  }
  return out.sort().slice(0, 50);
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
  const body = m ? text.slice(m[0].length) : text;
  skills.push({ id: path, name: String(front.name ?? path.split('/').pop()), description, body: routingPart(body), files: resourceFiles(dirname(file)) });
}
skills.sort((a, b) => (a.id < b.id ? -1 : 1));
writeFileSync(out, `${JSON.stringify({ name: 'corpus', source: 'shared/corpus (see its README: ten public collections, commits and licenses)', skipped, skills }, null, 0)}\n`);
console.log(`${skills.length} skills written, ${skipped} without a readable description`);
