/**
 * The bounded walk behind `directorySource`: finds skill folders under a
 * root, breadth-first and within `maxDepth` / `maxFolders`, hands each one
 * to a {@link SkillInventory}, and turns everything it will not do (follow
 * a link, go deeper, visit more folders) into diagnostics.
 * @module
 */
import type { Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { throwIfAborted } from '../../format/errors.js';
import { joinSourcePath, type SourceListing } from '../../sources/source.js';
import { sortListing, sourceDiagnostic } from '../../sources/inventory.js';
import { PeriodicYielder } from '../../shared/yield.js';
import { readFolderSync, type Folder } from './folder-entries.js';
import { hiddenSkipped, SkillInventory, type InventoryOptions } from './skill-inventory.js';

/** Everything the walk needs: the inventory's options (but the yielder, which the walk makes) plus the discovery bounds. */
export interface WalkOptions extends Omit<InventoryOptions, 'yielder'> {
  /** Deepest folder searched for skill folders, the root being 0. */
  readonly maxDepth: number;
  /** Most folders read below the root while searching for skill folders. */
  readonly maxFolders: number;
}

/** Walks the root breadth-first (shallow skills are found before a bound cuts in) and lists its skills. */
export async function walkDirectory(options: WalkOptions): Promise<SourceListing> {
  const walk = new SkillFolderDiscovery(options);
  await walk.run();
  return walk.listing();
}

/** A bound that cut discovery short: how many folders it left out, and the first. */
interface Cut {
  count: number;
  first: string;
}

class SkillFolderDiscovery {
  readonly #o: WalkOptions;
  readonly #inventory: SkillInventory;
  /** Folders are read synchronously (see skill-inventory.ts); the event loop gets a turn every few ms. */
  readonly #yielder = new PeriodicYielder(1024, 8);
  readonly #diagnostics: Diagnostic[] = [];
  #folders = 0;
  readonly #cut: { readonly depth: Cut; readonly folders: Cut } = { depth: { count: 0, first: '' }, folders: { count: 0, first: '' } };

  constructor(options: WalkOptions) {
    this.#o = options;
    this.#inventory = new SkillInventory({ ...options, yielder: this.#yielder });
  }

  async run(): Promise<void> {
    await this.#discover();
  }

  async #discover(): Promise<void> {
    const queue = [{ rel: '', depth: 0 }];
    for (let i = 0; i < queue.length; i++) {
      const { rel, depth } = queue[i] ?? { rel: '', depth: 0 };
      throwIfAborted(this.#o.signal);
      const folder = await this.#read(rel);
      if (folder === undefined) continue;
      if (folder.skillFile !== undefined) {
        await this.#inventory.add(rel, folder);
        continue;
      }
      this.#reportOutside(rel, folder);
      for (const name of folder.folders) {
        const sub = joinSourcePath(rel, name);
        if (depth + 1 > this.#o.maxDepth) this.#note(this.#cut.depth, sub);
        else queue.push({ rel: sub, depth: depth + 1 });
      }
    }
  }

  listing(): SourceListing {
    const { depth, folders } = this.#cut;
    if (depth.count > 0) {
      this.#diagnostics.push(
        sourceDiagnostic(
          'discovery-limit',
          `${depth.count} folder${depth.count === 1 ? ' is' : 's are'} deeper than maxDepth (${this.#o.maxDepth}) and ${depth.count === 1 ? 'was' : 'were'} not searched for skills, first \`${depth.first}\`.`,
          depth.first,
        ),
      );
    }
    if (folders.count > 0) {
      this.#diagnostics.push(
        sourceDiagnostic(
          'discovery-limit',
          `Discovery stopped at maxFolders (${this.#o.maxFolders}): ${folders.count} more folder${folders.count === 1 ? ' was' : 's were'} not searched, first \`${folders.first}\`.`,
          folders.first,
        ),
      );
    }
    return { entries: sortListing(this.#inventory.entries), diagnostics: this.#diagnostics };
  }

  #note(cut: Cut, rel: string): void {
    if (cut.count++ === 0) cut.first = rel;
  }

  /**
   * Reads one folder of the search, counting it against `maxFolders` (the
   * root is not counted: `maxFolders` folders below it can hold that many
   * skills). `undefined` when the budget is spent or the folder could not
   * be read (a diagnostic says which).
   */
  async #read(rel: string): Promise<Folder | undefined> {
    if (rel !== '') {
      if (this.#folders >= this.#o.maxFolders) {
        this.#note(this.#cut.folders, rel);
        return undefined;
      }
      this.#folders++;
    }
    try {
      const pause = this.#yielder.tick();
      if (pause) await pause;
      return readFolderSync(this.#o.root, rel, this.#o.includeHidden);
    } catch (e) {
      if (rel === '') throw e; // The root itself: the source fails as a whole.
      this.#diagnostics.push(sourceDiagnostic('source-error', `Folder \`${rel}\` could not be read: ${(e as Error).message}`, rel));
      return undefined;
    }
  }

  /** Links and hidden folders met outside any skill folder: reported on the listing. */
  #reportOutside(rel: string, folder: Folder): void {
    for (const name of folder.links) {
      const path = joinSourcePath(rel, name);
      this.#diagnostics.push(sourceDiagnostic('unsafe-path', `\`${path}\` is a symbolic link; links are never followed.`, path));
    }
    for (const name of folder.hidden) this.#diagnostics.push(hiddenSkipped(joinSourcePath(rel, name), joinSourcePath(rel, name)));
  }
}
