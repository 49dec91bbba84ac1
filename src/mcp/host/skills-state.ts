/**
 * What one MCP skill source holds between calls: the last listing (kept for its `ttlMs`, dropped on list-changed),
 * the verified snapshots of the skills read in full (by resource set), and the one `skills/get` a verification
 * failure earns before the content is refused.
 * @module
 */
import { SkillError, throwIfAborted } from '../../format/errors.js';
import { assertReadPath, notFound, ownerOf } from '../../sources/inventory.js';
import type { SkillEntry, SourceListing } from '../../sources/source.js';
import type { AllowedToolsGate } from './approval.js';
import { assertExtension, isInvalidParams, readResourceBytes, requestSkill, within, type CallContext } from './calls.js';
import { holdEntry, readKey, type HeldSkill } from './held.js';
import { listAll, listingOf, patched, type Listed, type ListingRun } from './listing.js';
import { mismatch, readSnapshot, readVerified, skillText, wholeDigest, wholeEntry } from './verify.js';
import { checkGetResult, checkSkillEntry } from './wire.js';

/** The state and calls of one source. */
export class McpSkillsState {
  readonly #ctx: CallContext;
  readonly #run: ListingRun;
  #listed: Listed | undefined;
  // By resource set key: a skill read in full, every file verified; a new set is read anew.
  readonly #snapshots = new Map<string, Promise<ReadonlyMap<string, Uint8Array>>>();

  constructor(ctx: CallContext, run: ListingRun) {
    this.#ctx = ctx;
    this.#run = run;
  }

  get gate(): AllowedToolsGate {
    return this.#run.gate;
  }

  /** The server said its list changed: the next `list` asks it again, whatever the `ttlMs`. */
  invalidate(): void {
    this.#listed = undefined;
  }

  /** The listing: the one held while its `ttlMs` runs, else every page asked again. */
  async list(signal: AbortSignal | undefined): Promise<SourceListing> {
    throwIfAborted(signal);
    return listingOf(await this.#current(signal, true), this.#run.known);
  }

  async #current(signal: AbortSignal | undefined, fresh: boolean): Promise<Listed> {
    const held = this.#listed;
    if (held && (!fresh || Date.now() < held.expires)) return held;
    return within(this.#ctx, 'skills/list', signal, async (joined) => {
      assertExtension(this.#ctx);
      const listed = await listAll(this.#ctx, this.#run, joined);
      this.#listed = listed;
      const sets = new Set([...listed.held.values()].map((h) => h.setKey));
      for (const key of [...this.#snapshots.keys()]) if (!sets.has(key)) this.#snapshots.delete(key);
      for (const key of [...this.#run.known.keys()]) if (!sets.has(key.slice(0, key.indexOf(' ')))) this.#run.known.delete(key);
      return listed;
    });
  }

  /** The skill of folder `dir` in full, every file verified; `NOT_FOUND` for a folder the listing does not hold. */
  async readSkill(dir: string, signal: AbortSignal | undefined): Promise<SkillEntry> {
    throwIfAborted(signal);
    const held = (await this.#current(signal, false)).held.get(dir);
    if (!held) throw new SkillError('NOT_FOUND', `Source ${this.#ctx.name} lists no skill folder \`${dir}\`.`, { path: dir });
    return this.#verified(held, `readSkill(${JSON.stringify(dir)})`, signal, async (joined) => {
      const approved = await this.gate.approved(held);
      if (held.entry.resources === 'dynamic') {
        const bytes = await readResourceBytes(this.#ctx, held.entry.uri, joined);
        return wholeEntry(held, skillText(this.#ctx, held, bytes, approved), new Map());
      }
      const snapshot = await this.#snapshot(held, joined);
      const whole = wholeEntry(held, skillText(this.#ctx, held, snapshot.get(held.location.fileName) as Uint8Array, approved), snapshot);
      const digest = wholeDigest(whole);
      if (digest !== undefined) this.#run.known.set(readKey(held, approved), digest);
      return whole;
    });
  }

  /** One file by source path: from the skill's verified snapshot, else read and verified alone. */
  async read(path: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
    throwIfAborted(signal);
    assertReadPath(path);
    const listed = await this.#current(signal, false);
    const owner = ownerOf(path, listed.held);
    if (!owner) throw notFound(path, this.#ctx.name);
    const [dir, held] = owner;
    const file = dir === '' ? path : path.slice(dir.length + 1);
    const resource = held.byPath.get(file);
    if (held.entry.resources === 'dynamic' && file === held.location.fileName)
      return within(this.#ctx, `read(${JSON.stringify(path)})`, signal, (joined) => readResourceBytes(this.#ctx, held.entry.uri, joined));
    if (!resource) return this.#unlisted(held, file, path, signal);
    return this.#verified(held, `read(${JSON.stringify(path)})`, signal, async (joined) => {
      const pinned = this.#snapshots.get(held.setKey);
      const snapshot = pinned ? await pinned.catch(() => undefined) : undefined;
      return snapshot?.get(file) ?? readVerified(this.#ctx, resource, joined);
    });
  }

  #snapshot(held: HeldSkill, signal: AbortSignal): Promise<ReadonlyMap<string, Uint8Array>> {
    let pending = this.#snapshots.get(held.setKey);
    if (!pending) {
      pending = readSnapshot(this.#ctx, held, signal);
      this.#snapshots.set(held.setKey, pending);
      // A failed read is not kept: the next use tries again.
      pending.catch(() => this.#snapshots.get(held.setKey) === pending && this.#snapshots.delete(held.setKey));
    }
    return pending;
  }

  /** Runs a read of `held`; a verification failure asks `skills/get` once for a fresh entry, then refuses. */
  async #verified<T>(held: HeldSkill, what: string, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await within(this.#ctx, what, signal, run);
    } catch (e) {
      if (!(e instanceof SkillError) || e.code !== 'DIGEST_MISMATCH') throw e;
      const changed = await this.#refresh(held, signal);
      const after = changed ? 'the server now lists another entry for it: load the skills again' : 'the server lists the same entry again';
      throw new SkillError('DIGEST_MISMATCH', `${e.message} (${after}).`, { path: held.entry.uri, cause: e });
    }
  }

  /** A file the held entry does not list is never read: `DIGEST_MISMATCH` when a fresh entry lists it, else `NOT_FOUND`. */
  async #unlisted(held: HeldSkill, file: string, path: string, signal: AbortSignal | undefined): Promise<never> {
    await this.#refresh(held, signal);
    const fresh = this.#listed?.held.get(held.location.dir);
    if (fresh?.byPath.has(file) === true)
      throw mismatch(
        this.#ctx,
        `${path} is not a file of the entry held for ${held.entry.uri}, but the server now lists it: load the skills again`,
        held.entry.uri,
      );
    throw notFound(path, this.#ctx.name);
  }

  /**
   * `skills/get` for `held`: its answer replaces the held entry (a skill the server no longer serves leaves the
   * listing). True when the entry changed. A `skills/get` that fails leaves the listing to be asked again.
   */
  async #refresh(held: HeldSkill, signal: AbortSignal | undefined): Promise<boolean> {
    let fresh: HeldSkill | undefined;
    try {
      const raw = await within(this.#ctx, 'skills/get', signal, (joined) => requestSkill(this.#ctx, held.entry.uri, joined));
      const result = checkGetResult(raw);
      const checked = 'problem' in result ? result : checkSkillEntry(result.skill, this.#run.limits);
      if ('problem' in checked) throw new SkillError('SOURCE_FAILED', checked.problem);
      fresh = holdEntry(checked.entry, checked.location);
    } catch (e) {
      if (e instanceof SkillError && e.code === 'ABORTED') throw e;
      if (!isInvalidParams(e)) {
        this.invalidate();
        return true;
      }
    }
    const listed = this.#listed;
    if (listed?.held.get(held.location.dir) === held) this.#listed = await patched(listed, held.location.dir, fresh, this.gate);
    return fresh?.setKey !== held.setKey;
  }
}
