/**
 * The listing of an MCP skill source: every `skills/list` page followed by its cursor (bounded in pages and skills; a
 * cursor seen twice ends it as a failure), each entry checked and held, and the lazy entries the loader lists. A
 * listing is kept for the `ttlMs` its pages gave (the smallest), and dropped early when the server says its list
 * changed.
 * @module
 */
import { createDiagnostic, type Diagnostic } from '../../format/diagnostics/diagnostic.js';
import { SkillError } from '../../format/errors.js';
import { sortListing } from '../../sources/inventory.js';
import type { SkillEntry, SourceListing } from '../../sources/source.js';
import type { AllowedToolsGate } from './approval.js';
import { isInvalidParams, requestListPage, requestSkill, type CallContext } from './calls.js';
import { holdEntry, lazyEntryOf, readKey, type HeldSkill } from './held.js';
import { checkGetResult, checkListPage, checkSkillEntry, type EntryLimits } from './wire.js';

/** Bounds of one listing. */
export interface ListingLimits extends EntryLimits {
  /** Most skills a listing may hold, every page together. */
  readonly maxSkills: number;
  /** Most `skills/list` pages one listing follows. */
  readonly maxPages: number;
}

/** One listing as held: the skills by folder, whether each one's `allowed-tools` count, the problems, and until when it is fresh. */
export interface Listed {
  readonly held: Map<string, HeldSkill>;
  readonly approved: Map<string, boolean>;
  readonly diagnostics: readonly Diagnostic[];
  /** `Date.now()` past which the listing is listed again. */
  readonly expires: number;
}

/** What building a listing takes besides the calls. */
export interface ListingRun {
  readonly limits: ListingLimits;
  readonly gate: AllowedToolsGate;
  /** False: entries with `resources: "dynamic"` are left out (a `source-error` says so). */
  readonly dynamic: boolean;
  /** The digests of skills read in full, by {@link readKey}: a re-listed skill whose set did not change promises it. */
  readonly known: Map<string, string>;
  /** Skill URIs to hold whether or not `skills/list` lists them: each one not listed is asked with `skills/get`. */
  readonly uris: readonly string[];
}

/** Every page of `skills/list`, checked, as raw entries and the listing's freshness (the smallest `ttlMs`). */
async function pages(ctx: CallContext, limits: ListingLimits, signal: AbortSignal): Promise<{ skills: unknown[]; ttlMs: number }> {
  const skills: unknown[] = [];
  const cursors = new Set<string>();
  let ttlMs = Number.POSITIVE_INFINITY;
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= limits.maxPages) throw new SkillError('LIMIT_EXCEEDED', `Source ${ctx.name}: skills/list gave more than ${limits.maxPages} pages.`);
    const checked = checkListPage(await requestListPage(ctx, cursor, signal));
    if ('problem' in checked) throw new SkillError('SOURCE_FAILED', `Source ${ctx.name}: ${checked.problem}.`);
    skills.push(...checked.skills);
    ttlMs = Math.min(ttlMs, checked.ttlMs);
    if (skills.length > limits.maxSkills) throw new SkillError('LIMIT_EXCEEDED', `Source ${ctx.name}: skills/list gave more than ${limits.maxSkills} skills.`);
    if (checked.nextCursor === undefined) return { skills, ttlMs };
    if (cursors.has(checked.nextCursor)) throw new SkillError('SOURCE_FAILED', `Source ${ctx.name}: skills/list gave the cursor ${checked.nextCursor} twice.`);
    cursors.add(checked.nextCursor);
    cursor = checked.nextCursor;
  }
}

/**
 * The `skills/get` entry of a skill URI the listing does not give (a listing may be partial), raw; `undefined` when the
 * server serves no skill there (`-32602`) or answers with no skill: the skill is then not held.
 */
async function entryByUri(ctx: CallContext, uri: string, signal: AbortSignal): Promise<unknown> {
  try {
    const result = checkGetResult(await requestSkill(ctx, uri, signal));
    return 'problem' in result ? undefined : result.skill;
  } catch (e) {
    if (isInvalidParams(e)) return undefined;
    throw e;
  }
}

/** A fresh listing: every page read, each entry checked and held; a bad entry is a `source-error`, the others list. */
export async function listAll(ctx: CallContext, run: ListingRun, signal: AbortSignal): Promise<Listed> {
  const { skills, ttlMs } = await pages(ctx, run.limits, signal);
  const listedUris = new Set(skills.map((raw) => (raw as { uri?: unknown } | null)?.uri));
  const unlisted = await Promise.all(run.uris.filter((uri) => !listedUris.has(uri)).map((uri) => entryByUri(ctx, uri, signal)));
  skills.push(...unlisted.filter((raw) => raw !== undefined));
  const held = new Map<string, HeldSkill>();
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string, path: string): void => void diagnostics.push(createDiagnostic('source-error', 'runtime', message, path));
  for (const raw of skills) {
    const checked = checkSkillEntry(raw, run.limits);
    if ('problem' in checked) {
      problem(`Source ${ctx.name}: ${checked.problem}; it is not loaded.`, ctx.name);
      continue;
    }
    const { entry, location } = checked;
    if (entry.resources === 'dynamic' && !run.dynamic) {
      problem(`Source ${ctx.name}: ${entry.uri} is dynamic (no digests to verify or bind an approval to); it is not loaded.`, entry.uri);
      continue;
    }
    const other = held.get(location.dir);
    if (other) {
      problem(`Source ${ctx.name}: ${entry.uri} names the same skill folder as ${other.entry.uri}; only the first is loaded.`, entry.uri);
      continue;
    }
    held.set(location.dir, holdEntry(entry, location));
  }
  const approved = new Map<string, boolean>();
  await Promise.all([...held].map(async ([dir, h]) => approved.set(dir, await run.gate.approved(h))));
  return { held, approved, diagnostics, expires: Date.now() + ttlMs };
}

/** The loader's view of `listed`: its lazy entries sorted by folder, and its problems. */
export function listingOf(listed: Listed, known: ReadonlyMap<string, string>): SourceListing {
  const entries: SkillEntry[] = [];
  for (const [dir, held] of listed.held) {
    const approved = listed.approved.get(dir) === true;
    entries.push(lazyEntryOf(held, approved, known.get(readKey(held, approved))));
  }
  return { entries: sortListing(entries), diagnostics: [...listed.diagnostics] };
}

/** `listed` with `fresh` in place of the entry of its folder (a `skills/get` answer), or without that folder (`undefined`). */
export async function patched(listed: Listed, dir: string, fresh: HeldSkill | undefined, gate: AllowedToolsGate): Promise<Listed> {
  const held = new Map(listed.held);
  const approved = new Map(listed.approved);
  held.delete(dir);
  approved.delete(dir);
  if (fresh && fresh.location.dir === dir) {
    held.set(dir, fresh);
    approved.set(dir, await gate.approved(fresh));
  }
  return { ...listed, held, approved };
}
