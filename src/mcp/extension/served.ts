/**
 * What the extension serves of a source at one moment: its skills in the
 * order of their entry URIs, found by URI, their entries built on first use
 * and kept per skill object (a reload or a live change makes new objects,
 * so an entry never outlives the skill it describes). A skill withheld is
 * reported once, when its entry is first built.
 * @module
 */
import type { Skill } from '../../format/types.js';
import { compareCodeUnits } from '../../sources/inventory.js';
import { skillsOf, type McpSkillSource } from '../source.js';
import { buildEntry, type BuiltEntry, type SkillsExtensionDiagnostic, type ListedFile } from './entries.js';
import type { FileReads } from './file-bytes.js';
import { authorityOf, skillAuthority, skillEntryUri, skillRootUri } from './skill-uris.js';

/** A skill's entry URI and root, as the ordering and the lookups use them. */
interface Placed {
  readonly skill: Skill;
  readonly uri: string;
  readonly root: string;
}

/** The skills of one moment, placed. */
interface Snapshot {
  readonly key: string | undefined;
  readonly ordered: readonly Placed[];
  readonly byUri: ReadonlyMap<string, Skill>;
  readonly byName: ReadonlyMap<string, Skill>;
  /** By first URI segment, longest root first: a URI's skill is among its authority's. */
  readonly byAuthority: ReadonlyMap<string, readonly Placed[]>;
}

/** A file a URI names: the entry that lists it and what it is. */
export interface LocatedFile {
  readonly built: Extract<BuiltEntry, { entry: unknown }>;
  readonly listed: ListedFile;
}

/** The entries of a source, built lazily. */
export class ServedEntries {
  readonly #source: McpSkillSource;
  readonly #reads: FileReads;
  readonly #report: (diagnostic: SkillsExtensionDiagnostic) => void;
  readonly #built = new WeakMap<Skill, Promise<BuiltEntry>>();
  #snapshot: Snapshot | undefined;

  constructor(source: McpSkillSource, reads: FileReads, report: (diagnostic: SkillsExtensionDiagnostic) => void) {
    this.#source = source;
    this.#reads = reads;
    this.#report = report;
  }

  /** The skills in the order of their entry URIs, with those URIs. */
  ordered(): readonly { readonly skill: Skill; readonly uri: string }[] {
    return this.#now().ordered;
  }

  /** The skill whose entry URI is `uri`. */
  skillAt(uri: string): Skill | undefined {
    return this.#now().byUri.get(uri);
  }

  /** The built entries of the skills under `uri`'s first segment (a skill's name, or a plugin's). */
  async sameAuthority(uri: string): Promise<LocatedFile['built'][]> {
    const authority = authorityOf(uri);
    const placed = authority === undefined ? [] : (this.#now().byAuthority.get(authority) ?? []);
    const built = await Promise.all(placed.map((p) => this.entryOf(p.skill).catch(() => undefined)));
    return built.filter((b): b is LocatedFile['built'] => b !== undefined && 'entry' in b);
  }

  /** The listed file `uri` names, `undefined` when no listed entry lists it. */
  async locate(uri: string): Promise<LocatedFile | undefined> {
    const authority = authorityOf(uri);
    for (const placed of authority === undefined ? [] : (this.#now().byAuthority.get(authority) ?? [])) {
      if (!uri.startsWith(`${placed.root}/`)) continue;
      // A skill whose entry cannot be built now lists nothing: the URI falls to the `skill://<name>/<path>` form.
      const built = await this.entryOf(placed.skill).catch(() => undefined);
      const listed = built !== undefined && 'entry' in built ? built.files.get(uri) : undefined;
      if (listed !== undefined && built !== undefined && 'entry' in built) return { built, listed };
    }
    return undefined;
  }

  /** `skill`'s entry, built once (a failed build is tried again next time); a withheld skill is reported when first built. */
  entryOf(skill: Skill): Promise<BuiltEntry> {
    let built = this.#built.get(skill);
    if (built === undefined) {
      const ctx = { reads: this.#reads, byName: this.#now().byName, inFull: (s: Skill) => this.#inFull(s) };
      built = buildEntry(skill, ctx).then((b) => {
        if ('withheld' in b) this.#report(b.withheld);
        return b;
      });
      this.#built.set(skill, built);
      built.catch(() => this.#built.delete(skill));
    }
    return built;
  }

  /** Drops `skill`'s entry (its SKILL.md changed since): the next use reads it again. */
  forget(skill: Skill): void {
    this.#built.delete(skill);
  }

  async #inFull(skill: Skill): Promise<Skill> {
    const [full] = (await this.#source.ensureLoaded?.([skill.name])) ?? [];
    return full ?? skill;
  }

  #now(): Snapshot {
    const key = this.#source.digest;
    if (this.#snapshot !== undefined && key !== undefined && this.#snapshot.key === key) return this.#snapshot;
    const skills = skillsOf(this.#source);
    const ordered = skills.map((skill) => ({ skill, uri: skillEntryUri(skill), root: skillRootUri(skill) })).sort((a, b) => compareCodeUnits(a.uri, b.uri));
    const byAuthority = new Map<string, Placed[]>();
    for (const placed of ordered) {
      const group = byAuthority.get(skillAuthority(placed.skill)) ?? [];
      group.push(placed);
      byAuthority.set(skillAuthority(placed.skill), group);
    }
    for (const group of byAuthority.values()) group.sort((a, b) => b.root.length - a.root.length);
    this.#snapshot = {
      key,
      ordered,
      byUri: new Map(ordered.map((p) => [p.uri, p.skill])),
      byName: new Map(skills.map((s) => [s.name, s])),
      byAuthority,
    };
    return this.#snapshot;
  }
}
