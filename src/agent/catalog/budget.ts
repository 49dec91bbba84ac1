/**
 * A catalog made to fit a byte budget. In order, until one fits: every
 * entry whole; the skills a turn activates whole and the others'
 * descriptions shortened to one common length (a word boundary, marked),
 * down to names alone; then names alone in rank order until the budget is
 * spent, with a last line counting the rest; then the same for the
 * activated skills too. Already-loaded skills are marks by name and
 * digest. The text never passes the budget and nothing here throws.
 * @module
 */
import { utf8ByteLength } from '../../shared/text.js';
import { catalogForm, oneLine, shortDigest, type CatalogForm, type CatalogNote } from './entries.js';
import { shortenDescription } from './shorten.js';
import { catalogDescription } from '../skill-paths.js';
import type { CatalogOptions } from './options.js';
import type { Skill } from '../../format/types.js';

/** What a catalog lists, in priority order. */
export interface CatalogPlan {
  /** Skills the conversation already loaded, `changed` when the skill's digest is no longer the one loaded. */
  readonly loaded: readonly { readonly skill: Skill; readonly changed: boolean }[];
  /** The skills the turn activates: kept whole while anything else can give way. */
  readonly activated: readonly Skill[];
  /** Every other model-visible skill, best first. */
  readonly ranked: readonly Skill[];
}

/** How a skill is listed: as loaded, with its whole description, a shortened one, or its name alone. */
export type CatalogEntryForm = 'loaded' | 'whole' | 'shortened' | 'name';

/** A catalog fitted to its budget, with what the budget did to each skill. */
export interface CatalogFit {
  /** The catalog; `''` when there is no skill to list. */
  readonly text: string;
  /** Its size in UTF-8 bytes, never over {@link maxBytes}. */
  readonly bytes: number;
  /** The budget. */
  readonly maxBytes: number;
  /** The listed skills, in the catalog's order, each with its form. */
  readonly entries: readonly { readonly name: string; readonly form: CatalogEntryForm }[];
  /** The skills left out, best first (`skills.search` finds them). */
  readonly unlisted: readonly string[];
}

// Shorter than this, a cut description says less than the name: names alone take its place.
const MIN_SHORTENED_BYTES = 32;

/** A skill's name and description in one form's markup, with their sizes. */
interface Sized {
  readonly skill: Skill;
  readonly name: string;
  readonly description: string;
  readonly nameBytes: number;
  readonly descriptionBytes: number;
}

const sizedCache = new WeakMap<Skill, Map<string, Sized>>();

function sizedOf(skill: Skill, form: CatalogForm, key: string, origins: boolean): Sized {
  let forms = sizedCache.get(skill);
  if (!forms) sizedCache.set(skill, (forms = new Map()));
  let sized = forms.get(key);
  if (!sized) {
    const name = form.escape(oneLine(skill.name));
    const description = oneLine(catalogDescription(skill, origins));
    sized = { skill, name, description, nameBytes: utf8ByteLength(name), descriptionBytes: utf8ByteLength(form.escape(description)) };
    forms.set(key, sized);
  }
  return sized;
}

/** One line of the list. */
interface Line {
  readonly name: string;
  readonly form: CatalogEntryForm;
  readonly text: string;
}

/** Sizes of a form's fixed parts, measured once per fit. */
interface Frame {
  readonly form: CatalogForm;
  readonly entryBytes: number;
  readonly nameOnlyBytes: number;
  readonly tailBytes: number;
  headBytes(notes: ReadonlySet<CatalogNote>): number;
  moreBytes(count: number): number;
}

function frameOf(form: CatalogForm): Frame {
  return {
    form,
    entryBytes: utf8ByteLength(form.entry('', '')),
    nameOnlyBytes: utf8ByteLength(form.nameOnly('')),
    tailBytes: utf8ByteLength(form.tail),
    headBytes: (notes) => utf8ByteLength(form.head(notes)),
    moreBytes: (count) => utf8ByteLength(form.more(count)),
  };
}

const whole = (frame: Frame, s: Sized): number => frame.entryBytes + s.nameBytes + s.descriptionBytes;
const wholeLine = (frame: Frame, s: Sized): Line => ({ name: s.skill.name, form: 'whole', text: frame.form.entry(s.name, frame.form.escape(s.description)) });
const nameLine = (frame: Frame, s: Sized): Line => ({ name: s.skill.name, form: 'name', text: frame.form.nameOnly(s.name) });

/** The entry of `s` with its description cut to `cap` bytes (names alone at 0). */
function cappedLine(frame: Frame, s: Sized, cap: number): Line {
  if (s.descriptionBytes <= cap) return wholeLine(frame, s);
  const short = cap > 0 ? shortenDescription(s.description, cap, frame.form.escape) : undefined;
  if (short === undefined) return nameLine(frame, s);
  return { name: s.skill.name, form: 'shortened', text: frame.form.entry(s.name, frame.form.escape(short)) };
}

/**
 * The catalog of `plan` within `maxBytes` (see the module's comment for the
 * order in which entries give way). Without a skill to list it is `''`.
 *
 * @example
 * ```ts
 * const fit = fitCatalog({ loaded: [], activated: [pdf], ranked: others }, 4096, { format: 'markdown' })
 * fit.bytes <= 4096 // always
 * fit.unlisted      // the names left out, best first
 * ```
 */
export function fitCatalog(plan: CatalogPlan, maxBytes: number, options: CatalogOptions = {}): CatalogFit {
  const p = prepared(plan, options);
  if (p === undefined) return { text: '', bytes: 0, maxBytes, entries: [], unlisted: [] };
  const { frame, fixed, notes, activated, ranked } = p;
  const listed =
    allWhole(frame, fixed, notes, activated, ranked, maxBytes) ??
    allShortened(frame, fixed, notes, activated, ranked, maxBytes) ??
    namesInRank(frame, fixed, notes, activated, ranked, maxBytes) ??
    namesInRank(frame, fixed, notes, [], [...activated, ...ranked], maxBytes);
  return finish(frame, listed ?? { lines: [], notes }, plan, maxBytes);
}

/** The catalog of `plan` with every entry whole (loaded marks as marks), or `undefined` when that does not fit `maxBytes`. */
export function fitWhole(plan: CatalogPlan, maxBytes: number, options: CatalogOptions = {}): CatalogFit | undefined {
  const p = prepared(plan, options);
  if (p === undefined) return { text: '', bytes: 0, maxBytes, entries: [], unlisted: [] };
  const listed = allWhole(p.frame, p.fixed, p.notes, p.activated, p.ranked, maxBytes);
  return listed && finish(p.frame, listed, plan, maxBytes);
}

/** What every level starts from: the form's sizes, the loaded marks' lines, the skills sized; `undefined` with nothing to list. */
function prepared(plan: CatalogPlan, options: CatalogOptions) {
  const key = `${options.format ?? 'markdown'}${options.origins === true ? '+origins' : ''}`;
  const frame = frameOf(catalogForm(options));
  const sized = (list: readonly Skill[]): Sized[] => list.map((s) => sizedOf(s, frame.form, key, options.origins === true));
  const loaded = plan.loaded.map(({ skill, changed }): Line => {
    const name = frame.form.escape(oneLine(skill.name));
    return { name: skill.name, form: 'loaded', text: frame.form.loaded(name, shortDigest(skill.digest), changed) };
  });
  const activated = sized(plan.activated);
  const ranked = sized(plan.ranked);
  if (loaded.length + activated.length + ranked.length === 0) return undefined;
  const notes = new Set<CatalogNote>(loaded.length > 0 ? ['loaded'] : []);
  const fixed: Fixed = { lines: loaded, bytes: frame.tailBytes + loaded.reduce((sum, line) => sum + utf8ByteLength(line.text), 0) };
  return { frame, fixed, notes, activated, ranked };
}

/** What every level lists first (the loaded marks) and their bytes with the list's end. */
interface Fixed {
  readonly lines: readonly Line[];
  readonly bytes: number;
}

/** A level's outcome: the lines and the paragraph's notes. */
interface Listed {
  readonly lines: readonly Line[];
  readonly notes: ReadonlySet<CatalogNote>;
}

function allWhole(frame: Frame, fixed: Fixed, notes: ReadonlySet<CatalogNote>, activated: Sized[], ranked: Sized[], max: number): Listed | undefined {
  const all = [...activated, ...ranked];
  const bytes = frame.headBytes(notes) + fixed.bytes + all.reduce((sum, s) => sum + whole(frame, s), 0);
  return bytes <= max ? { lines: [...fixed.lines, ...all.map((s) => wholeLine(frame, s))], notes } : undefined;
}

/** Every skill listed: the activated whole, the others cut to the longest common length that fits (names alone at worst). */
function allShortened(frame: Frame, fixed: Fixed, known: ReadonlySet<CatalogNote>, activated: Sized[], ranked: Sized[], max: number): Listed | undefined {
  const notes = new Set<CatalogNote>([...known, 'shortened', 'names']);
  const base = frame.headBytes(notes) + fixed.bytes + activated.reduce((sum, s) => sum + whole(frame, s), 0);
  // An upper bound of the cut entries' size: a description cut to `cap` takes at most `cap` bytes.
  const bound = (cap: number): number =>
    ranked.reduce(
      (sum, s) => sum + (s.descriptionBytes <= cap ? whole(frame, s) : cap === 0 ? frame.nameOnlyBytes + s.nameBytes : frame.entryBytes + s.nameBytes + cap),
      0,
    );
  if (base + bound(0) > max) return undefined;
  let low = 0;
  let high = ranked.reduce((most, s) => Math.max(most, s.descriptionBytes), 0);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (base + bound(mid) <= max) low = mid;
    else high = mid - 1;
  }
  const cap = low < MIN_SHORTENED_BYTES ? 0 : low;
  const lines = [...fixed.lines, ...activated.map((s) => wholeLine(frame, s)), ...ranked.map((s) => cappedLine(frame, s, cap))];
  return { lines, notes };
}

/** The activated whole, then names alone in rank order while they fit; the rest is counted on the last line. */
function namesInRank(frame: Frame, fixed: Fixed, known: ReadonlySet<CatalogNote>, activated: Sized[], ranked: Sized[], max: number): Listed | undefined {
  const notes = new Set<CatalogNote>([...known, 'names', 'unlisted']);
  let bytes = frame.headBytes(notes) + fixed.bytes + frame.moreBytes(activated.length + ranked.length);
  bytes += activated.reduce((sum, s) => sum + whole(frame, s), 0);
  if (bytes > max) return undefined;
  const lines = [...fixed.lines, ...activated.map((s) => wholeLine(frame, s))];
  for (const s of ranked) {
    const size = frame.nameOnlyBytes + s.nameBytes;
    if (bytes + size > max) continue; // a long name gives way; a shorter one after it may still fit
    bytes += size;
    lines.push(nameLine(frame, s));
  }
  return { lines, notes };
}

/** The text of a level, or of none (the budget holds not even the paragraph): the last line alone, if it fits. */
function finish(frame: Frame, listed: Listed, plan: CatalogPlan, maxBytes: number): CatalogFit {
  const listedNames = new Set(listed.lines.map((l) => l.name));
  const unlisted = [...plan.activated, ...plan.ranked].map((s) => s.name).filter((n) => !listedNames.has(n));
  const happened: Record<CatalogNote, boolean> = {
    loaded: listed.lines.some((l) => l.form === 'loaded'),
    shortened: listed.lines.some((l) => l.form === 'shortened'),
    names: listed.lines.some((l) => l.form === 'name'),
    unlisted: unlisted.length > 0,
  };
  // The paragraph says only what happened: a note it reserved room for but that did not apply is left out.
  const notes = new Set([...listed.notes].filter((n) => happened[n]));
  let text: string;
  if (listed.lines.length === 0) text = frame.form.more(unlisted.length).trim();
  else {
    const more = unlisted.length > 0 ? frame.form.more(unlisted.length) : '';
    text = (frame.form.head(notes) + listed.lines.map((l) => l.text).join('') + frame.form.tail + more).trimEnd();
  }
  let bytes = utf8ByteLength(text);
  if (bytes > maxBytes) [text, bytes] = ['', 0];
  return { text, bytes, maxBytes, entries: listed.lines.map(({ name, form }) => ({ name, form })), unlisted };
}
