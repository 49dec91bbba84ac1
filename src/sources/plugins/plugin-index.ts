/**
 * The published plugins of a discovery index: its `plugins` list, beside
 * `skills`, each entry one archive of one version of one plugin
 * (`{ name, version, type: "archive", url, digest, description? }`). An
 * index may list several versions of a plugin; a selection's range picks
 * the highest that satisfies it. `remoteSource` reads `skills` only and
 * leaves this list alone.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { isRecord } from '../../format/fields/values.js';
import type { PluginSelection } from '../../format/agent-plugins.js';
import { compareVersions, parseVersion, highestSatisfying } from '../../shared/semver.js';
import { decodeUtf8 } from '../../shared/text.js';
import { fetchFinal, type FetchPolicy } from '../remote/trusted-fetch.js';

/** One version of one plugin, as an index publishes it. */
export interface PublishedPluginEntry {
  readonly name: string;
  /** An exact version (`plugin.json`'s). */
  readonly version: string;
  /** Absolute, resolved against the index URL it was read from. */
  readonly url: string;
  /** `sha256:` + hex of the archive's bytes. */
  readonly digest: string;
  readonly description?: string;
}

/** What an index's `plugins` list reads into: the usable entries, and why the others are not. */
export interface PluginIndex {
  readonly plugins: readonly PublishedPluginEntry[];
  readonly problems: readonly string[];
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * Reads the `plugins` list of an index's text, fetched from `indexUrl`. An
 * index with no `plugins` list publishes none; an entry that is malformed,
 * or a second entry for one name and version, is a problem and left out.
 * `INVALID_INPUT` when the text is not a JSON object.
 */
export function readPluginIndex(text: string, indexUrl: URL): PluginIndex {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new SkillError('INVALID_INPUT', `The index at ${indexUrl.href} is not JSON.`, { path: indexUrl.href });
  }
  if (!isRecord(doc)) throw new SkillError('INVALID_INPUT', `The index at ${indexUrl.href} is not a JSON object.`, { path: indexUrl.href });
  const raw = doc['plugins'];
  if (raw === undefined) return { plugins: [], problems: [] };
  if (!Array.isArray(raw)) return { plugins: [], problems: [`\`plugins\` of ${indexUrl.href} is not a list`] };
  const plugins: PublishedPluginEntry[] = [];
  const problems: string[] = [];
  for (const [i, item] of raw.entries()) {
    const entry = entryOf(item, indexUrl);
    if (typeof entry === 'string') problems.push(`plugins[${i}] of ${indexUrl.href} ${entry}`);
    else if (plugins.some((p) => p.name === entry.name && p.version === entry.version))
      problems.push(`plugins[${i}] of ${indexUrl.href} lists ${entry.name}@${entry.version} again`);
    else plugins.push(entry);
  }
  return { plugins, problems };
}

/** Fetches the index at `source` (on a trusted origin, bounded by `maxBytes`) and reads its plugins. */
export async function fetchPluginIndex(source: string, policy: FetchPolicy, maxBytes: number): Promise<PluginIndex> {
  const { bytes, url } = await fetchFinal(new URL(source), policy, maxBytes);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new SkillError('INVALID_INPUT', `The index at ${source} is not UTF-8 text.`, { path: source });
  return readPluginIndex(text, url);
}

/** The entry of the highest version of `selection.name` that satisfies `selection.version`, or `undefined`. */
export function resolveSelection(selection: PluginSelection, plugins: readonly PublishedPluginEntry[]): PublishedPluginEntry | undefined {
  const own = plugins.filter((p) => p.name === selection.name);
  const version = highestSatisfying(
    own.map((p) => p.version),
    selection.version,
  );
  return own.find((p) => p.version === version);
}

/** The versions of `name` an index publishes, highest first: for a message saying what there is. */
export function publishedVersions(name: string, plugins: readonly PublishedPluginEntry[]): string[] {
  const own = plugins.filter((p) => p.name === name).map((p) => ({ text: p.version, version: parseVersion(p.version) }));
  return own
    .flatMap((p) => (p.version === undefined ? [] : [{ text: p.text, version: p.version }]))
    .sort((a, b) => compareVersions(b.version, a.version))
    .map((p) => p.text);
}

function entryOf(item: unknown, indexUrl: URL): PublishedPluginEntry | string {
  if (!isRecord(item)) return 'is not an object';
  const { name, version, type, url, digest, description } = item;
  if (typeof name !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) return 'has no kebab-case `name`';
  if (typeof version !== 'string' || parseVersion(version) === undefined) return `(${name}) has no exact \`version\``;
  if (type !== 'archive') return `(${name}@${version}) has type ${JSON.stringify(type ?? null)}, not \`archive\``;
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return `(${name}@${version}) has no \`sha256:\` digest`;
  if (typeof url !== 'string' || !URL.canParse(url, indexUrl)) return `(${name}@${version}) has no \`url\``;
  const described = typeof description === 'string' && description.trim() !== '' ? { description } : {};
  return { name, version, url: new URL(url, indexUrl).href, digest, ...described };
}
