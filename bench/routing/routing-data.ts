/**
 * Routing data sets (the `shared/routing/` format) turned into skills: each
 * tool becomes an `auto` skill whose SKILL.md holds its name, description
 * and examples, loaded through the real parser and loader.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { SkillLoader, type SkillLoaderOptions } from '../../src/loader/loader.js';
import { memorySource } from '../../src/sources/memory.js';

/** One tool of a routing set. */
export interface RoutingTool {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly examples?: readonly string[];
  /** The SKILL.md body (default: none). */
  readonly body?: string;
  /** Resource file paths, written empty beside the SKILL.md (routing reads their names). */
  readonly files?: readonly string[];
  /** A whole SKILL.md to use as it is (its name must be `name`); the fields above are then ignored. */
  readonly skillMd?: string;
}

/** One labelled query: the tools it should activate (none for `[]`). */
export interface RoutingQuery {
  readonly text: string;
  readonly expected: readonly string[];
  /** `tune` or `test`: which half of a set the decision rule may be fitted on (bench/routing/decision-*.ts). */
  readonly split?: 'tune' | 'test';
  /** What kind of turn (`request`, `chit-chat`, …), where the set says. */
  readonly kind?: string;
}

/** A routing set as stored in `bench/data/`. */
export interface RoutingSet {
  readonly name: string;
  readonly source?: string;
  readonly license?: string;
  readonly tools: readonly RoutingTool[];
  readonly queries: readonly RoutingQuery[];
}

/** A set loaded as skills: the loader and the map from tool id to skill name. */
export interface LoadedSet {
  readonly set: RoutingSet;
  readonly loader: SkillLoader;
  /** Tool id → skill name. */
  readonly names: ReadonlyMap<string, string>;
  /** The SKILL.md files the loader read. */
  readonly files: Record<string, string>;
}

/** Reads a set file and checks its shape. */
export function readRoutingSet(file: string): RoutingSet {
  const set = JSON.parse(readFileSync(file, 'utf8')) as RoutingSet;
  if (!Array.isArray(set.tools) || !Array.isArray(set.queries)) throw new Error(`${file}: not a routing set (tools and queries expected)`);
  return set;
}

/** A tool's name as a kebab-case skill name: `PDF&URLTool` → `pdf-url-tool`. */
export function skillNameOf(toolName: string): string {
  const words = toolName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])|([A-Z])([A-Z][a-z])/g, '$1$3 $2$4')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  return (words ?? ['tool']).join('-').slice(0, 64).replace(/-+$/, '');
}

/** The SKILL.md files of a set: one `auto` skill per tool, names made unique. */
export function skillFiles(set: RoutingSet): { files: Record<string, string>; names: Map<string, string> } {
  const files: Record<string, string> = {};
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const tool of set.tools) {
    const base = skillNameOf(tool.name);
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
    taken.add(name);
    names.set(tool.id, name);
    if (tool.skillMd !== undefined) {
      files[`${name}/SKILL.md`] = tool.skillMd;
      continue;
    }
    const front = { name, description: tool.description, activation: 'auto', ...(tool.examples?.length ? { examples: [...tool.examples] } : {}) };
    // The development sets' tools have no body: theirs stays empty, so the body's weight leaves their routing as it was.
    files[`${name}/SKILL.md`] = `---\n${stringify(front, { lineWidth: 0 })}---\n${tool.body ?? ''}\n`;
    for (const path of tool.files ?? []) files[`${name}/${path}`] = '';
  }
  return { files, names };
}

/** Loads a set's skills through `new SkillLoader({ builtin: memorySource(files) })`. */
export async function loadRoutingSet(set: RoutingSet, routing: SkillLoaderOptions['routing'] = {}): Promise<LoadedSet> {
  const { files, names } = skillFiles(set);
  const loader = new SkillLoader({ builtin: memorySource(files), routing });
  const skills = await loader.loadAll();
  if (skills.length !== set.tools.length) {
    const errors = loader.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.path}: ${d.message}`);
    throw new Error(`${set.name}: ${skills.length} of ${set.tools.length} tools loaded\n${errors.join('\n')}`);
  }
  return { set, loader, names, files };
}

/** The default sets: the development copies in `bench/data/`. */
export function defaultRoutingFiles(root: string): string[] {
  return ['clinc150-dev.json', 'metatool-dev.json'].map((f) => join(root, 'bench', 'data', f));
}
