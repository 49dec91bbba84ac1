/**
 * The per-skill half of the directory walk: for one skill folder, reads
 * SKILL.md, gathers the skill's files (nested skill folders become skills
 * of their own) and hashes them, turning each bound and failure into a
 * diagnostic on the skill.
 *
 * The file operations are synchronous, in slices that give the event loop
 * a turn every few milliseconds (the walk's {@link PeriodicYielder}): on a
 * folder of small files a thread-pool round trip per `open`, `read` and
 * `readdir` costs several times the work itself (measured in
 * `npm run bench:load`, docs/benchmarks.md). `beforeOpen`, when given, is
 * still awaited before each open.
 * @module
 */
import { posix } from 'node:path';
import type { Diagnostic, DiagnosticCode } from '../../format/diagnostics/diagnostic.js';
import { throwIfAborted } from '../../format/errors.js';
import { joinSourcePath, type SkillEntry, type SkillFileInput } from '../../sources/source.js';
import { compareCodeUnits, keepsContent, sourceDiagnostic } from '../../sources/inventory.js';
import type { PeriodicYielder } from '../../shared/yield.js';
import { factsOfSync } from './file-facts.js';
import { pathUnder, readFolderSync, type Folder } from './folder-entries.js';
import { closeFile, openFileSync, readAllSync, type OpenFile } from './opened-file.js';

/** What the inventory needs from the walk: where files are, how to show them, and the per-skill bounds. */
export interface InventoryOptions {
  /** Real (symlink-free) absolute path of the root. */
  readonly root: string;
  /** The root as the caller gave it, `/`-separated: entry paths start with it. */
  readonly display: string;
  /** Folder name of a skill at the root itself. */
  readonly rootFolder: string;
  // The bounds, as documented on DirectorySourceOptions.
  readonly maxNesting: number;
  readonly maxFileBytes: number;
  readonly maxFilesPerSkill: number;
  readonly includeHidden: boolean;
  /** Checked between folders and files; the walk then rejects with `ABORTED`. */
  readonly signal: AbortSignal | undefined;
  /** Called with a file's absolute path after the listing saw it, right before it is opened (see DirectorySourceOptions). */
  readonly beforeOpen: ((abs: string) => void | Promise<void>) | undefined;
  /** Gives the event loop a turn between slices of file operations; shared with the walk. */
  readonly yielder: PeriodicYielder;
}

/** Where diagnostics about one skill go: its path, and a list that keeps their order. */
interface Sink {
  readonly path: string;
  readonly diagnostics: Diagnostic[];
}

function sinkOf(path: string): Sink {
  return { path, diagnostics: [] };
}

/** A skill folder while its inventory is gathered. */
interface Draft {
  /** The folder, relative to the root. */
  readonly rel: string;
  /** The entry path shown in diagnostics. */
  readonly path: string;
  readonly fileName: string;
  /** Diagnostics found by the walk itself (hashing and SKILL.md reading keep their own, merged in order). */
  readonly diagnostics: Diagnostic[];
  /** Files to hash: path inside the skill, and path from the root. */
  readonly pending: { readonly inner: string; readonly rel: string }[];
  /** Files found past `maxFilesPerSkill`, counted but not kept. */
  overflow: number;
  /** Set once a bound cut the inventory short, so each bound is reported once per skill. */
  tooDeep: boolean;
  cutShort: boolean;
  /** Folders read inside the skill so far. */
  folders: number;
}

/**
 * Inventories skill folders as the walk finds them, one at a time: each
 * {@link SkillInventory.add} has read and hashed everything of its skill
 * (and of the skills nested in it) when it resolves, and left no file open.
 */
export class SkillInventory {
  readonly #o: InventoryOptions;
  /** The skills listed so far, in the order they finished. */
  readonly entries: SkillEntry[] = [];

  constructor(options: InventoryOptions) {
    this.#o = options;
  }

  /** Lists one skill folder: reads its SKILL.md, gathers and hashes its files; nested skill folders become entries of their own. */
  async add(rel: string, folder: Folder): Promise<void> {
    const fileName = folder.skillFile ?? 'SKILL.md';
    const draft: Draft = {
      rel,
      path: posix.join(this.#o.display, rel, fileName),
      fileName,
      diagnostics: [],
      pending: [],
      overflow: 0,
      tooDeep: false,
      cutShort: false,
      folders: 0,
    };
    const textSink = sinkOf(draft.path);
    const bytes = await this.#skillText(draft, folder, textSink);
    await this.#collect(draft, rel, '', folder, 0);
    if (draft.overflow > 0) {
      const found = this.#o.maxFilesPerSkill + draft.overflow;
      this.#report(draft, 'limit-exceeded', `The skill has ${found} files, more than maxFilesPerSkill (${this.#o.maxFilesPerSkill}); it is skipped.`);
    }
    const hashed = await this.#hashAll(draft);
    // Diagnostics in a fixed order: SKILL.md, the walk, then the files in path order.
    this.#finish(draft, bytes, hashed.files, [...textSink.diagnostics, ...draft.diagnostics, ...hashed.diagnostics]);
  }

  #finish(draft: Draft, text: Uint8Array | undefined, files: SkillFileInput[], diagnostics: Diagnostic[]): void {
    const { rel, fileName } = draft;
    const folderName = rel === '' ? this.#o.rootFolder : rel.slice(rel.lastIndexOf('/') + 1);
    this.entries.push({
      dir: rel,
      path: draft.path,
      folder: folderName,
      fileName,
      ...(text === undefined ? {} : { text }),
      files,
      ...(diagnostics.length > 0 ? { diagnostics } : {}),
      lazyDigest: true,
    });
  }

  async #skillText(draft: Draft, folder: Folder, sink: Sink): Promise<Uint8Array | undefined> {
    if (folder.skillFileKind === 'link') {
      this.#report(sink, 'unsafe-path', `The skill file \`${draft.fileName}\` is a symbolic link; links are never followed.`);
      return undefined;
    }
    if (folder.skillFileKind !== 'file') {
      this.#report(sink, 'not-regular-file', `The skill file \`${draft.fileName}\` is ${folder.skillFileKind}, not a regular file; the skill is refused.`);
      return undefined;
    }
    const opened = await this.#open(sink, joinSourcePath(draft.rel, draft.fileName), draft.fileName);
    if (!opened) return undefined;
    try {
      if (opened.size > this.#o.maxFileBytes) {
        // The parser's own code and wording: the entry still appears, so the loader reports why it is skipped.
        this.#report(sink, 'file-too-large', `The file is larger than the ${this.#o.maxFileBytes}-byte limit (maxFileBytes); it was not read.`);
        return undefined;
      }
      return readAllSync(opened.fd, opened.size);
    } finally {
      closeFile(opened.fd);
    }
  }

  /** Gathers a skill folder's files depth-first, bounded by `maxNesting`. */
  async #collect(draft: Draft, rel: string, inner: string, folder: Folder, nesting: number): Promise<void> {
    for (const name of folder.files) {
      if (inner === '' && name === draft.fileName) continue;
      if (draft.pending.length < this.#o.maxFilesPerSkill) draft.pending.push({ inner: joinSourcePath(inner, name), rel: joinSourcePath(rel, name) });
      else draft.overflow++;
    }
    // The skill file itself, whatever it is, is SKILL.md's business (see #skillText), never a resource.
    const other = (name: string): boolean => inner !== '' || name !== draft.fileName;
    for (const name of folder.links.filter(other)) {
      this.#report(draft, 'unsafe-path', `\`${joinSourcePath(inner, name)}\` is a symbolic link; links are never followed, so the skill is refused.`);
    }
    for (const { name, kind } of folder.special.filter((s) => other(s.name))) {
      this.#report(
        draft,
        'not-regular-file',
        `\`${joinSourcePath(inner, name)}\` is ${kind}, not a regular file or folder; it is never opened, and the skill is refused.`,
      );
    }
    for (const name of folder.hidden) draft.diagnostics.push(hiddenSkipped(joinSourcePath(inner, name), draft.path));
    for (const name of folder.folders.filter(other)) {
      throwIfAborted(this.#o.signal);
      await this.#subfolder(draft, joinSourcePath(rel, name), joinSourcePath(inner, name), nesting + 1);
    }
  }

  async #subfolder(draft: Draft, rel: string, inner: string, nesting: number): Promise<void> {
    if (nesting > this.#o.maxNesting) {
      if (!draft.tooDeep)
        this.#report(
          draft,
          'limit-exceeded',
          `Folder \`${inner}\` is nested ${nesting} folders deep, more than maxNesting (${this.#o.maxNesting}); the skill is skipped.`,
        );
      draft.tooDeep = true;
      return;
    }
    // Folders inside a skill are bounded per skill (as many as files may be), not by the discovery budget.
    if (++draft.folders > this.#o.maxFilesPerSkill) {
      if (!draft.cutShort)
        this.#report(
          draft,
          'limit-exceeded',
          `The skill has more than ${this.#o.maxFilesPerSkill} folders (maxFilesPerSkill), first past it \`${inner}\`; the skill is skipped.`,
        );
      draft.cutShort = true;
      return;
    }
    let child: Folder;
    try {
      const pause = this.#o.yielder.tick();
      if (pause) await pause;
      child = readFolderSync(this.#o.root, rel, this.#o.includeHidden);
    } catch (e) {
      this.#report(draft, 'source-error', `Folder \`${rel}\` could not be read: ${(e as Error).message}`);
      return;
    }
    if (child.skillFile !== undefined) await this.add(rel, child);
    else await this.#collect(draft, rel, inner, child, nesting);
  }

  /** Hashes the gathered files in order, giving the event loop a turn between slices. */
  async #hashAll(draft: Draft): Promise<{ files: SkillFileInput[]; diagnostics: Diagnostic[] }> {
    const files: SkillFileInput[] = [];
    const sink = sinkOf(draft.path);
    for (const file of draft.pending) {
      const pause = this.#o.yielder.tick();
      if (pause) await pause;
      throwIfAborted(this.#o.signal);
      const hashed = await this.#hash(sink, file.inner, file.rel);
      if (hashed !== undefined) files.push(hashed);
    }
    return { files: files.sort((a, b) => compareCodeUnits(a.path, b.path)), diagnostics: sink.diagnostics };
  }

  async #hash(sink: Sink, inner: string, rel: string): Promise<SkillFileInput | undefined> {
    const opened = await this.#open(sink, rel, inner);
    if (!opened) return undefined;
    try {
      if (opened.size > this.#o.maxFileBytes) {
        // Not hashed: the skill is refused anyway, and the bound is what keeps the work finite.
        this.#report(sink, 'limit-exceeded', `\`${inner}\` is ${opened.size} bytes, more than maxFileBytes (${this.#o.maxFileBytes}); the skill is skipped.`);
        return { path: inner, size: opened.size };
      }
      const facts = factsOfSync(opened.fd, opened.size, keepsContent(inner));
      const base = { path: inner, size: facts.size, isText: facts.isText, digest: facts.digest };
      return facts.bytes === undefined ? base : { ...base, content: facts.bytes };
    } catch (e) {
      this.#report(sink, 'source-error', `\`${inner}\` could not be read: ${(e as Error).message}`);
      return undefined;
    } finally {
      closeFile(opened.fd);
    }
  }

  /**
   * Opens a file of a skill so that it cannot block or lead out of the
   * root (see opened-file.ts); a refusal or failure becomes a diagnostic on the skill.
   */
  async #open(sink: Sink, rel: string, inner: string): Promise<OpenFile | undefined> {
    const abs = pathUnder(this.#o.root, rel);
    try {
      const hook = this.#o.beforeOpen?.(abs);
      if (hook !== undefined) await hook;
      const opened = openFileSync(abs);
      if ('fd' in opened) return opened;
      if (opened.refused === 'link') this.#report(sink, 'unsafe-path', `\`${inner}\` is a symbolic link; links are never followed. The skill is refused.`);
      else if (opened.refused === 'not-regular')
        this.#report(
          sink,
          'not-regular-file',
          `\`${inner}\` is ${opened.what ?? 'not a regular file'}, not a regular file (it changed after its folder was listed); it was not read, and the skill is refused.`,
        );
      else
        this.#report(
          sink,
          'unsafe-path',
          `\`${inner}\` did not open inside the source root: a folder on its path changed (e.g. into a link) after it was listed; it was not read, and the skill is refused.`,
        );
    } catch (e) {
      this.#report(sink, 'source-error', `\`${inner}\` could not be read: ${(e as Error).message}`);
    }
    return undefined;
  }

  #report(sink: Sink, code: DiagnosticCode, message: string): void {
    sink.diagnostics.push(sourceDiagnostic(code, message, sink.path));
  }
}

/** The `hidden-skipped` info for a hidden folder named `name`, reported at `path`. */
export function hiddenSkipped(name: string, path: string): Diagnostic {
  return sourceDiagnostic('hidden-skipped', `Hidden folder \`${name}\` was not searched (pass includeHidden to search it).`, path);
}
