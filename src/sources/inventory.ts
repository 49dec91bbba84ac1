/**
 * Helpers every source shares: spotting the skill file, building file
 * inventories from bytes held in memory, sorting, the errors `read()`
 * rejects with, and the calls of a source over data held in memory.
 * @module
 */
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from '../format/diagnostics/diagnostic.js';
import { SkillError, throwIfAborted } from '../format/errors.js';
import { sha256Digest } from '../shared/hash.js';
import { unsafePathReason } from '../shared/paths.js';
import type { SkillEntry, SkillFileInput, SkillSource, SourceCallOptions, SourceListing, SourceSafety } from './source.js';
import { isTextBytes } from '../shared/text.js';

/** The one exact skill file name; case variants load with a `skill-file-name` warning. */
export const SKILL_FILE = 'SKILL.md';

const encoder = new TextEncoder();

/** True when `name` is `SKILL.md` in any letter case (`skill.md`, `Skill.md`, …). */
export function isSkillFileName(name: string): boolean {
  return name.length === SKILL_FILE.length && name.toLowerCase() === 'skill.md';
}

/**
 * Chooses a folder's skill file among its file names: exactly `SKILL.md`
 * when present, else the first case variant in code-unit order (so the
 * choice never depends on listing order).
 */
export function pickSkillFile(names: Iterable<string>): string | undefined {
  let variant: string | undefined;
  for (const name of names) {
    if (name === SKILL_FILE) return name;
    if (isSkillFileName(name) && (variant === undefined || name < variant)) variant = name;
  }
  return variant;
}

/** True for a `Uint8Array` (also from another realm, e.g. a worker or a test environment). */
export function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array || (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]');
}

/** The bytes of `content`: text is encoded as UTF-8. */
export function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
}

/**
 * True for files whose contents the parser needs: `sections/<name>.md`, the
 * parts a structured skill's body is composed from. Every other file is
 * listed by size and digest only.
 */
export function keepsContent(path: string): boolean {
  return path.startsWith('sections/') && path.endsWith('.md') && path.indexOf('/', 'sections/'.length) < 0;
}

/** Inventory data for a file held in memory: size, text flag and digest, plus contents for sections. */
export function fileInputOf(path: string, content: string | Uint8Array): SkillFileInput {
  const bytes = toBytes(content);
  const base = { path, size: bytes.byteLength, isText: isTextBytes(bytes), digest: sha256Digest(bytes) };
  return keepsContent(path) ? { ...base, content } : base;
}

/** Compares by UTF-16 code units, the order `parseSkill` sorts files in. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Entries sorted by folder, files sorted by path: listings never depend on input order. */
export function sortListing(entries: SkillEntry[]): SkillEntry[] {
  return entries.sort((a, b) => compareCodeUnits(a.dir, b.dir));
}

/** A diagnostic from a source, with runtime-profile severity. */
export function sourceDiagnostic(code: DiagnosticCode, message: string, path: string): Diagnostic {
  return createDiagnostic(code, 'runtime', message, path);
}

/** Throws `UNSAFE_PATH` unless `path` is relative, `/`-separated and free of `..`. */
export function assertReadPath(path: string): void {
  const reason = typeof path === 'string' ? unsafePathReason(path, Number.POSITIVE_INFINITY) : 'the path is not text';
  if (reason) throw new SkillError('UNSAFE_PATH', `Cannot read \`${String(path)}\`: ${reason}.`, { path: String(path) });
}

/** The `NOT_FOUND` error of a source read. */
export function notFound(path: string, source: string): SkillError {
  return new SkillError('NOT_FOUND', `\`${path}\` is not a file of source ${source}.`, { path });
}

/**
 * A source whose listing and reads are worked out synchronously, from data
 * held in memory. Each call checks its abort signal first, and `read` refuses
 * an unsafe path before calling `bytesOf`; whatever they throw becomes a
 * rejection of the call's promise. `bytesOf` returns bytes the caller may
 * keep (a copy, never the source's own array), or throws (`NOT_FOUND` for a
 * path the source does not hold).
 */
export function inMemorySource(name: string, listing: () => SourceListing, bytesOf: (path: string) => Uint8Array): SkillSource {
  return {
    name,
    list(call: SourceCallOptions = {}): Promise<SourceListing> {
      return settle(() => {
        throwIfAborted(call.signal);
        return listing();
      });
    },
    read(path: string, call: SourceCallOptions = {}): Promise<Uint8Array> {
      return settle(() => {
        throwIfAborted(call.signal);
        assertReadPath(path);
        return bytesOf(path);
      });
    },
  };
}

/** Runs `fn` as a promise, so a throw becomes a rejection. */
function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * The owner of `path` among folders keyed by their dir: the deepest folder
 * that holds it (`''` is the root). A nested skill folder thus owns its own
 * files, not the outer one.
 */
export function ownerOf<T>(path: string, byDir: ReadonlyMap<string, T>): [dir: string, owner: T] | undefined {
  for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
    const dir = path.slice(0, end);
    const owner = byDir.get(dir);
    if (owner !== undefined) return [dir, owner];
  }
  const root = byDir.get('');
  return root === undefined ? undefined : ['', root];
}

/**
 * A source's `safety` option checked at construction (`INVALID_INPUT` naming `what`): `'refuse'`, `'warn'`, or
 * `{ error, warning, info }` of them; absent, `'warn'` (remote and MCP sources scan every skill by default). Checked
 * here rather than by `safety/gate.ts`'s `resolveGate`, which the loader applies on use: importing it from this module,
 * which every source shares, would put the gate into every worker's start-up chunk (≈450 bytes gzipped).
 */
export function sourceSafetyOf(value: unknown, what: string): SourceSafety {
  if (value === undefined) return 'warn';
  const action = (a: unknown): boolean => a === 'refuse' || a === 'warn';
  if (action(value)) return value as SourceSafety;
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([k, v]) => (k === 'error' || k === 'warning' || k === 'info') && (v === undefined || action(v)));
  if (!ok) throw new SkillError('INVALID_INPUT', `${what}: \`safety\` is 'refuse', 'warn', or { error, warning, info } of them.`);
  return value as SourceSafety;
}
