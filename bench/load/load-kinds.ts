/**
 * The side-by-side load bench's child side (`npm run bench:load`): one load
 * of one kind, alone in this fresh process, then one JSON line on stdout
 * with its wall time and the process's peak RSS.
 *
 * Kinds, all over the same folder:
 * - `baseline`: walk the tree with `readdir`, read each `SKILL.md`, split the
 *   `---` fence, `YAML.parse` the front matter. What a bare loader does.
 * - `reader`: the same walk and reads, then two regexes for `name` and
 *   `description`; no YAML at all.
 * - `satchel`: `new SkillLoader({ builtin: directorySource(dir) }).loadAll()`
 *   (validate, digest every file) and one `route()` so routing is ready.
 * - `satchel-load`: `loadAll()` alone (the routing index is built on first use).
 * - `satchel-list`: `directorySource(dir).list()` alone: the walk, reads and
 *   resource hashing a load starts with (the floor the file layer sets).
 * - `bundle-json`: `JSON.parse` of a builtin bundle file's text.
 * - `bundle`: the same `JSON.parse`, then a loader over `bundleSource()` of it
 *   (with its serialised routing index when it has one) and `loadAll()`.
 * - `bundle-route`: `bundle`, then one `route()`.
 * - `skillkit`: the peer `@skillkit/core`'s `discoverSkills(dir)` (installed on
 *   demand, see peer.ts; its module is imported before the clock starts, as
 *   Satchel's is).
 * @module
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as yamlParse } from 'yaml';
import { SkillLoader, type LoaderRoutingOptions } from '../../src/loader/loader.js';
import { directorySource, type DirectorySourceOptions } from '../../src/node/directory/directory-source.js';
import { bundleSource, type SkillBundle } from '../../src/sources/bundle.js';

/** What a load child does. */
export type LoadKind = 'baseline' | 'reader' | 'satchel' | 'satchel-load' | 'satchel-list' | 'bundle-json' | 'bundle' | 'bundle-route' | 'skillkit';

/** The spec a load child gets in its environment. */
export interface LoadChildSpec {
  readonly kind: LoadKind;
  /** The skills folder, or the bundle file for the bundle kinds. */
  readonly path: string;
  readonly sourceOptions: DirectorySourceOptions;
  /** The peer's module file (kind `skillkit`). */
  readonly peer?: string;
}

/** The line a load child prints. */
export interface LoadChildReport {
  readonly kind: LoadKind;
  /** Skills the load yielded (for the baselines: SKILL.md files whose front matter parsed or matched). */
  readonly loaded: number;
  readonly ms: number;
  /** CPU time (user and system, every thread) the process spent in those `ms`: steadier than wall time on a shared machine. */
  readonly cpuMs: number;
  /** Peak RSS of the whole process, KB (`getrusage` maxrss). */
  readonly maxRssKb: number;
}

/** A query every routed kind answers once, so the routing index is ready (and correct) when the time stops. */
const FIRST_QUERY = 'summarize this pdf report';
const SKIPPED = new Set(['node_modules', '__pycache__']);

/** Calls `onSkill` for each `SKILL.md` below `dir`, reading folders concurrently as a plain loader would. */
async function walk(dir: string, onSkill: (file: string) => Promise<void>): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  const work: Promise<void>[] = [];
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!e.name.startsWith('.') && !SKIPPED.has(e.name)) work.push(walk(join(dir, e.name), onSkill));
    } else if (e.name === 'SKILL.md') work.push(onSkill(join(dir, e.name)));
  }
  await Promise.all(work);
}

/** The YAML between a first `---` line and the next `---` line, or undefined. */
function fence(text: string): string | undefined {
  const head = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!/^---\r?\n/.test(head)) return undefined;
  const end = /\r?\n---[ \t]*(?:\r?\n|$)/.exec(head.slice(3));
  return end ? head.slice(head.indexOf('\n') + 1, end.index + 3) : undefined;
}

async function baseline(dir: string): Promise<unknown[]> {
  const held: unknown[] = [];
  await walk(dir, async (file) => {
    const yaml = fence(await readFile(file, 'utf8'));
    if (yaml === undefined) return;
    try {
      const data: unknown = yamlParse(yaml);
      if (data !== null && typeof data === 'object') held.push(data);
    } catch {
      // A bare loader skips what does not parse.
    }
  });
  return held;
}

const NAME = /^name:[ \t]*(.+)$/m;
const DESCRIPTION = /^description:[ \t]*(.+)$/m;

async function reader(dir: string): Promise<unknown[]> {
  const held: unknown[] = [];
  await walk(dir, async (file) => {
    const yaml = fence(await readFile(file, 'utf8'));
    const name = yaml === undefined ? undefined : NAME.exec(yaml)?.[1];
    if (yaml !== undefined && name !== undefined) held.push({ name, description: DESCRIPTION.exec(yaml)?.[1] ?? '' });
  });
  return held;
}

async function satchel(dir: string, options: DirectorySourceOptions, route: boolean): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: directorySource(dir, options) });
  await loader.loadAll();
  if (route) loader.route(FIRST_QUERY);
  return loader;
}

function bundle(text: string): SkillLoader {
  const parsed = JSON.parse(text) as SkillBundle & { index?: LoaderRoutingOptions['index'] };
  return new SkillLoader({ builtin: bundleSource(parsed), ...(parsed.index ? { routing: { index: parsed.index } } : {}) });
}

/** The peer's `discoverSkills` (synchronous: it reads with `readFileSync`). */
async function importPeer(file: string | undefined): Promise<{ discoverSkills(dir: string): unknown[] }> {
  if (file === undefined) throw new Error('bench: the skillkit kind needs the peer module file');
  return (await import(pathToFileURL(file).href)) as { discoverSkills(dir: string): unknown[] };
}

/** Runs one load of `spec.kind` and prints its {@link LoadChildReport}. */
export async function loadChild(specText: string): Promise<void> {
  const spec = JSON.parse(specText) as LoadChildSpec;
  const text = spec.kind.startsWith('bundle') ? readFileSync(spec.path, 'utf8') : '';
  const peer = spec.kind === 'skillkit' ? await importPeer(spec.peer) : undefined;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let loaded: number;
  if (peer) loaded = peer.discoverSkills(spec.path).length;
  else if (spec.kind === 'baseline') loaded = (await baseline(spec.path)).length;
  else if (spec.kind === 'reader') loaded = (await reader(spec.path)).length;
  else if (spec.kind === 'satchel' || spec.kind === 'satchel-load') loaded = (await satchel(spec.path, spec.sourceOptions, spec.kind === 'satchel')).size;
  else if (spec.kind === 'satchel-list') loaded = (await directorySource(spec.path, spec.sourceOptions).list()).entries.length;
  else if (spec.kind === 'bundle-json') loaded = (JSON.parse(text) as SkillBundle).entries.length;
  else {
    const loader = bundle(text);
    await loader.loadAll();
    if (spec.kind === 'bundle-route') loader.route(FIRST_QUERY);
    loaded = loader.size;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const report: LoadChildReport = { kind: spec.kind, loaded, ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
