/**
 * The scanner's false-positive check (`node bench/run.mjs safety`): every skill folder of the shared corpus
 * (`../shared/corpus`, or `SATCHEL_CORPUS`; `test/fixtures/corpus` when neither is there) parsed as it is on disk and
 * scanned with `scanSkill`, its SKILL.md and every text file beside it (not those of a skill folder nested inside).
 * Prints the findings per rule and per collection, and a sample of up to five findings per rule (spread over the
 * list, so not all from one skill) to read; `reports/bench-safety.json` keeps them with every finding's place.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { Diagnostic } from '../../src/format/diagnostics/diagnostic.js';
import { SAFETY_RULES } from '../../src/format/diagnostics/safety-rules.js';
import { parseSkill } from '../../src/format/parse.js';
import { decodeUtf8 } from '../../src/shared/text.js';
import { scanSkill } from '../../src/safety/scan.js';

const IS_SKILL_FILE = /^skill\.md$/i;
const SAMPLE = 5;

/** The corpus folder to scan. */
function corpusRoot(root: string): string {
  const given = process.env['SATCHEL_CORPUS'];
  if (given !== undefined && given !== '') return given;
  const shared = join(root, '..', 'shared', 'corpus');
  return existsSync(shared) ? shared : join(root, 'test', 'fixtures', 'corpus');
}

/** Every folder under `dir` that holds a SKILL.md (any case), with its skill file's name. */
function skillFolders(dir: string): { dir: string; file: string }[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const own = entries.find((e) => e.isFile() && IS_SKILL_FILE.test(e.name));
  const below = entries.filter((e) => e.isDirectory() && e.name !== '.git').flatMap((e) => skillFolders(join(dir, e.name)));
  return own === undefined ? below : [{ dir, file: own.name }, ...below];
}

/** The files of a skill folder besides its SKILL.md, `/`-separated, leaving out nested skill folders. */
function resourceFiles(dir: string, at = ''): string[] {
  const entries = readdirSync(join(dir, at), { withFileTypes: true });
  if (at !== '' && entries.some((e) => e.isFile() && IS_SKILL_FILE.test(e.name))) return [];
  return entries.flatMap((e) => {
    const path = at === '' ? e.name : `${at}/${e.name}`;
    if (e.isDirectory()) return resourceFiles(dir, path);
    return e.isFile() && !(at === '' && IS_SKILL_FILE.test(e.name)) ? [path] : [];
  });
}

/** One scanned folder: its findings, or why it was not scanned. */
interface Scanned {
  readonly id: string;
  readonly findings: readonly Diagnostic[];
  readonly skipped?: string;
}

async function scanFolder(root: string, folder: { dir: string; file: string }): Promise<Scanned> {
  const id = relative(root, folder.dir).split(sep).join('/');
  const text = readFileSync(join(folder.dir, folder.file), 'utf8');
  const contents = new Map(resourceFiles(folder.dir).map((path) => [path, new Uint8Array(readFileSync(join(folder.dir, path)))]));
  const files = [...contents].map(([path, content]) => ({ path, content }));
  const unbounded = { maxFileBytes: Number.POSITIVE_INFINITY, maxNesting: Number.POSITIVE_INFINITY };
  const parsed = parseSkill(text, { folder: basename(folder.dir), fileName: folder.file, nameFromFolder: true, files, ...unbounded });
  if (parsed.skill === undefined) return { id, findings: [], skipped: parsed.errors[0]?.code ?? 'invalid' };
  const readFile = (path: string): string => (path === 'SKILL.md' ? text : (decodeUtf8(contents.get(path) ?? new Uint8Array()) ?? ''));
  const findings = (await scanSkill(parsed.skill, { readFile })).map((d) => ({ ...d, path: `${id}/${d.path === 'SKILL.md' ? folder.file : d.path}` }));
  return { id, findings };
}

/** Up to `n` items spread evenly over `items`. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)] as T);
}

/** Scans the corpus and prints what the scanner found in it. */
export async function runCorpusScan(): Promise<unknown> {
  const root = corpusRoot(process.env['SATCHEL_ROOT'] ?? process.cwd());
  const started = performance.now();
  const scanned: Scanned[] = [];
  for (const folder of skillFolders(root)) scanned.push(await scanFolder(root, folder));
  const ms = performance.now() - started;
  const findings = scanned.flatMap((s) => s.findings);
  const codes = Object.keys(SAFETY_RULES);
  const perRule = Object.fromEntries(codes.map((code) => [code, findings.filter((d) => d.code === code)]));
  const skillsPerRule = Object.fromEntries(
    codes.map((code) => [code, new Set(scanned.filter((s) => s.findings.some((d) => d.code === code)).map((s) => s.id)).size]),
  );
  const collections = [...new Set(scanned.map((s) => s.id.split('/')[0] ?? ''))].sort();
  const perCollection = Object.fromEntries(
    collections.map((c) => [c, Object.fromEntries(codes.map((code) => [code, findings.filter((d) => d.code === code && d.path.startsWith(`${c}/`)).length]))]),
  );
  console.log(`corpus ${root}: ${scanned.length} skill folders (${scanned.filter((s) => s.skipped).length} not parsed), scanned in ${Math.round(ms)} ms`);
  const flagged = scanned.filter((s) => s.findings.length > 0).length;
  console.log(`${findings.length} findings in ${new Set(findings.map((d) => d.path)).size} files of ${flagged} skills`);
  for (const code of codes) console.log(`  ${code.padEnd(20)} ${String(perRule[code]?.length ?? 0).padStart(5)} findings in ${skillsPerRule[code]} skills`);
  const samples = Object.fromEntries(codes.map((code) => [code, spread(perRule[code] ?? [], SAMPLE)]));
  for (const code of codes) {
    if ((samples[code] ?? []).length === 0) continue;
    console.log(`\n${code}:`);
    for (const d of samples[code] ?? []) console.log(`  ${d.path}:${d.line}:${d.column} ${d.message.slice(0, 220)}`);
  }
  return {
    corpus: root,
    skills: scanned.length,
    notParsed: scanned.filter((s) => s.skipped).map((s) => ({ id: s.id, code: s.skipped })),
    ms: Math.round(ms),
    findings: Object.fromEntries(codes.map((code) => [code, perRule[code]?.length ?? 0])),
    skillsWithFindings: skillsPerRule,
    perCollection,
    samples,
    all: findings.map((d) => `${d.path}:${d.line}:${d.column} ${d.code}: ${d.message}`),
  };
}
