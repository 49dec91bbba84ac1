/**
 * Where a loaded skill came from: its source and folder, so its files can be
 * read again on demand. Keyed by the skill object: a skill replaced in the
 * cache (`upsert`) has no origin until a load gives it one, and origins are
 * freed with their skills.
 * @module
 */
import type { BundleIdentity, LazyEntry, SkillSource } from './source.js';
import { createMark } from '../shared/marks.js';
import type { Skill, SkillSourceKind } from '../format/types.js';
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import type { UnmetNeeds } from '../format/fields/dependencies.js';

/** The source a skill was listed by, and its folder in that source. */
export interface SkillOrigin {
  readonly source: SkillSource;
  /** The skill folder relative to the source root (`''` for a root skill). */
  readonly dir: string;
  /** The plugin the skill ships in, for a plugin skill. */
  readonly bundle?: BundleIdentity;
  /** Set for a skill listed lazily: what its source promised; its body comes from `source.readSkill(dir)`. */
  readonly lazy?: LazyEntry;
  /** Who wrote the revision a store listed (`entry.writtenBy`). */
  readonly writtenBy?: 'person' | 'agent';
}

/** What a skill came through, as a person deciding whether to trust it reads it. */
export type OriginKind = SkillSourceKind | 'remote' | 'mcp' | 'agent';

/**
 * Where a loaded skill came from: its tier, what it came through and a label a person reads. A loader's
 * `provenance(name)` adds what is missing for it and what the scanner found.
 */
export interface SkillProvenance {
  readonly name: string;
  /** The tier that holds it: `builtin`, `org` or `user`. */
  readonly tier: SkillSourceKind;
  /**
   * What it came through: `builtin`, `org` or `user` (the app's folders, bundle or store), `remote` (an index URL),
   * `mcp` (a server), or `agent` (a store revision an agent wrote, approved or not).
   */
  readonly origin: OriginKind;
  /** What a person reads: the index URL, the server's label, the store namespace, the source's name. */
  readonly label: string;
  /** The name of the source that listed it (`remote:https://…`, `mcp:docs`, `store:acme/skills`, `bundle`). */
  readonly source: string;
  /** What it needs that the app lacks (a loader's `availableTools`), when anything: it is kept out of catalogs and activation. */
  readonly unmetNeeds?: UnmetNeeds;
  /** What the scanner found, once the skill was scanned (by its source's safety gate, or `loader.scan`); absent before. */
  readonly findings?: readonly Diagnostic[];
}

// A mark, not a WeakMap entry: every loaded skill has one, and a load makes hundreds (see shared/marks.ts).
const origins = createMark<SkillOrigin>();

/** Records where `skill` (this object) was loaded from. */
export function recordOrigin(skill: Skill, origin: SkillOrigin): void {
  origins.set(skill, origin);
}

/** Where `skill` was loaded from, when a source listed it. */
export function originOf(skill: Skill): SkillOrigin | undefined {
  return origins.get(skill);
}

/**
 * Where `skill` came from (see {@link SkillProvenance}): a remote or MCP source's own `provenance`, an agent's store
 * revision, else its tier; labelled by the source's name (`store:acme/skills` reads as `acme/skills`).
 */
export function provenanceOf(skill: Skill): SkillProvenance {
  const origin = originOf(skill);
  const source = typeof origin?.source.name === 'string' ? origin.source.name : skill.source;
  const given = origin?.source.provenance;
  if (given !== undefined && (given.kind === 'remote' || given.kind === 'mcp') && typeof given.label === 'string') {
    return { name: skill.name, tier: skill.source, origin: given.kind, label: given.label, source };
  }
  const label = source.startsWith('store:') ? source.slice('store:'.length) : source;
  const kind: OriginKind = skill.source !== 'builtin' && origin?.writtenBy === 'agent' ? 'agent' : skill.source;
  return { name: skill.name, tier: skill.source, origin: kind, label, source };
}

/** The short tag of `skill`'s origin a catalog shows (`builtin`, `org`, `agent`, `remote:https://…`, `mcp:docs`). */
export function originTag(skill: Skill): string {
  const { origin, label } = provenanceOf(skill);
  return origin === 'remote' || origin === 'mcp' ? `${origin}:${label}` : origin;
}
