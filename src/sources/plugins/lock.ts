/**
 * `plugins.lock`: the JSON file beside an `agent.md` that pins each selected
 * published plugin to one version, one archive URL and that archive's
 * digest. `satchel lock` writes it; a loader given it fetches exactly the
 * pinned archives and verifies each digest.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { isRecord } from '../../format/fields/values.js';
import { decodeUtf8 } from '../../shared/text.js';
import { parseVersion } from '../../shared/semver.js';

/** The lock file's name, beside `agent.md`. */
export const PLUGIN_LOCK_FILE = 'plugins.lock';

/** The `lockfileVersion` this reader and writer know. */
export const PLUGIN_LOCK_VERSION = 1;

/** One pinned plugin. */
export interface PluginLockEntry {
  /** The plugin's name (its `plugin.json`'s, and the selection's). */
  readonly name: string;
  /** The exact version pinned. */
  readonly version: string;
  /** The absolute URL of its archive. */
  readonly url: string;
  /** `sha256:` + 64 lower-case hex digits of the archive's bytes. */
  readonly digest: string;
  /** The index it was resolved from (the selection's `source`): a selection naming another source is no longer pinned by it. */
  readonly source: string;
}

/** A `plugins.lock`, read. */
export interface PluginLock {
  readonly lockfileVersion: typeof PLUGIN_LOCK_VERSION;
  /** One entry per plugin, sorted by name. */
  readonly plugins: readonly PluginLockEntry[];
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads a `plugins.lock` (its text, its bytes, or the object already
 * parsed). `INVALID_INPUT`, naming `path` and the entry, when it is not
 * JSON, has another `lockfileVersion`, or an entry lacks a kebab-case
 * `name`, an exact `version`, an http(s) `url` and `source`, or a
 * `sha256:` `digest`, or names a plugin twice.
 *
 * @example
 * ```ts
 * const lock = parsePluginLock(await readFile('plugins.lock'))
 * lock.plugins[0]   // { name: 'corporate-finance', version: '1.2.0', url: 'https://…/1.2.0.tar.gz', digest: 'sha256:…', source: 'https://…/index.json' }
 * ```
 */
export function parsePluginLock(input: string | Uint8Array | PluginLock, path = PLUGIN_LOCK_FILE): PluginLock {
  const bad = (why: string): SkillError => new SkillError('INVALID_INPUT', `${path}: ${why}`, { path });
  let data: unknown = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const text = typeof input === 'string' ? input : decodeUtf8(input);
    if (text === undefined) throw bad('the file is not UTF-8 text.');
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw bad(`the file is not JSON (${(e as Error).message}).`);
    }
  }
  if (!isRecord(data)) throw bad('the lock is a JSON object `{ "lockfileVersion": 1, "plugins": [...] }`.');
  if (data['lockfileVersion'] !== PLUGIN_LOCK_VERSION)
    throw bad(`\`lockfileVersion\` is ${JSON.stringify(data['lockfileVersion'] ?? null)}; this reader knows ${PLUGIN_LOCK_VERSION}.`);
  const raw = data['plugins'];
  if (!Array.isArray(raw)) throw bad('`plugins` is not a list.');
  const plugins: PluginLockEntry[] = [];
  for (const [i, item] of raw.entries()) {
    const problem = entryProblem(item);
    if (problem !== undefined) throw bad(`plugins[${i}] ${problem}.`);
    const entry = item as PluginLockEntry;
    if (plugins.some((p) => p.name === entry.name)) throw bad(`plugins[${i}] pins "${entry.name}" again; a lock pins each plugin once.`);
    plugins.push({ name: entry.name, version: entry.version, url: entry.url, digest: entry.digest, source: entry.source });
  }
  return { lockfileVersion: PLUGIN_LOCK_VERSION, plugins: sortByName(plugins) };
}

/** The lock as its file holds it: entries sorted by name, two-space JSON, a final newline; the same lock always gives the same text. */
export function serializePluginLock(lock: Pick<PluginLock, 'plugins'>): string {
  const plugins = sortByName([...lock.plugins]).map(({ name, version, url, digest, source }) => ({ name, version, url, digest, source }));
  return `${JSON.stringify({ lockfileVersion: PLUGIN_LOCK_VERSION, plugins }, null, 2)}\n`;
}

function entryProblem(item: unknown): string | undefined {
  if (!isRecord(item)) return 'is not an object';
  const { name, version, url, digest, source } = item;
  if (typeof name !== 'string' || !NAME.test(name)) return 'has no kebab-case `name`';
  if (typeof version !== 'string' || parseVersion(version) === undefined) return `("${name}") has no exact \`version\``;
  if (typeof url !== 'string' || !isHttp(url)) return `("${name}") has no http(s) \`url\``;
  if (typeof source !== 'string' || !isHttp(source)) return `("${name}") has no http(s) \`source\``;
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return `("${name}") has no \`digest\` (\`sha256:\` and 64 lower-case hex digits)`;
  return undefined;
}

function isHttp(text: string): boolean {
  return URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol);
}

function sortByName<T extends { readonly name: string }>(list: T[]): T[] {
  return list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
