/**
 * What an MCP server's Skills Extension (SEP-2640) answers, checked by hand before anything reads it: a `skills/list`
 * page, a `skills/get` result and their skill entries (`{ uri, frontmatter, resources }`, each resource
 * `{ uri, digest, size }`, or `resources: "dynamic"`), and where an entry's URI puts the skill (its folder, its name).
 * docs/clients.md, "Skills Extension (SEP-2640)".
 * @module
 */
import { unsafePathReason } from '../../shared/paths.js';

/** One file of a skill as its entry lists it: the resource URI, `sha256:` and 64 hex digits of its bytes, its size in bytes. */
export interface McpSkillResource {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

/**
 * A skill entry of `skills/list` or `skills/get`: the URI of its `SKILL.md`, the front matter as written (YAML read
 * into JSON), and the complete list of its files (SKILL.md included), or `"dynamic"` for a skill whose content is
 * generated and cannot be digested.
 */
export interface McpSkillEntry {
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly McpSkillResource[] | 'dynamic';
}

/** Where an entry's URI puts a skill: its folder in the source, its name, the URI of its root, its skill file's name. */
export interface SkillLocation {
  /** The skill folder as a source path: the URI's skill path (`acme/billing/refunds`), other schemes under `<scheme>:/`. */
  readonly dir: string;
  /** The last segment of the skill path, which must be the skill's name. */
  readonly name: string;
  /** The URI of the skill's root directory: the entry's `uri` without `/SKILL.md`. */
  readonly root: string;
  /** `SKILL.md` as the URI spells it (a case variant, `skill.md`, is read with the loader's warning). */
  readonly fileName: string;
}

/** One checked page of `skills/list`. */
export interface ListPage {
  readonly skills: readonly unknown[];
  readonly nextCursor?: string;
  /** The page's freshness hint; 0 when the server gave none (the listing is then not kept). */
  readonly ttlMs: number;
}

/** The limits of the Final text, which a host must accept up to: 512 files and 16 MiB in all per skill. */
export interface EntryLimits {
  readonly maxResources: number;
  readonly maxSkillBytes: number;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const URI = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.+)$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `skills/list` page checked, or why it is not one. A `resultType` other than `"complete"` is not a listing. */
export function checkListPage(raw: unknown): ListPage | { problem: string } {
  if (!isRecord(raw) || !Array.isArray(raw['skills'])) return { problem: 'the skills/list result has no `skills` list' };
  const complete = checkComplete(raw, 'skills/list');
  if (complete) return complete;
  const cursor = raw['nextCursor'];
  if (cursor !== undefined && typeof cursor !== 'string') return { problem: 'the skills/list result has a `nextCursor` that is not text' };
  const page = { skills: raw['skills'] as unknown[], ttlMs: ttlOf(raw['ttlMs']) };
  return cursor === undefined || cursor === '' ? page : { ...page, nextCursor: cursor };
}

/** The `skill` of a `skills/get` result, or why the result is not one. */
export function checkGetResult(raw: unknown): { skill: unknown } | { problem: string } {
  if (!isRecord(raw) || !isRecord(raw['skill'])) return { problem: 'the skills/get result has no `skill` object' };
  return checkComplete(raw, 'skills/get') ?? { skill: raw['skill'] };
}

function checkComplete(raw: Record<string, unknown>, method: string): { problem: string } | undefined {
  const type = raw['resultType'];
  return type === undefined || type === 'complete' ? undefined : { problem: `the ${method} result is of type ${JSON.stringify(type)}, not "complete"` };
}

function ttlOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/**
 * One skill entry checked: the shape, the digests and sizes, every resource within the skill's root and listed once,
 * SKILL.md among them, the URI's last skill-path segment equal to `frontmatter.name`, and the Final text's limits. An
 * entry without `resources` is refused (the Final text makes them required).
 */
export function checkSkillEntry(raw: unknown, limits: EntryLimits): { entry: McpSkillEntry; location: SkillLocation } | { problem: string } {
  if (!isRecord(raw) || typeof raw['uri'] !== 'string') return { problem: 'a skill entry has no `uri`' };
  const uri = raw['uri'];
  const fm = raw['frontmatter'];
  if (!isRecord(fm) || typeof fm['name'] !== 'string' || typeof fm['description'] !== 'string')
    return { problem: `the entry ${uri} has no \`frontmatter\` with a text \`name\` and \`description\`` };
  const location = skillLocation(uri);
  if ('problem' in location) return location;
  if (location.name !== fm['name'])
    return { problem: `the entry ${uri} is named "${fm['name']}" in its front matter, but its URI names it "${location.name}"` };
  const given = raw['resources'];
  if (given === 'dynamic') return { entry: { uri, frontmatter: fm, resources: 'dynamic' }, location };
  if (given === undefined) return { problem: `the entry ${uri} has no \`resources\` (required: the list of its files, or "dynamic")` };
  const resources = checkResources(given, uri, location, limits);
  return 'problem' in resources ? resources : { entry: { uri, frontmatter: fm, resources }, location };
}

function checkResources(given: unknown, uri: string, location: SkillLocation, limits: EntryLimits): McpSkillResource[] | { problem: string } {
  if (!Array.isArray(given)) return { problem: `the entry ${uri} has \`resources\` that are neither a list nor "dynamic"` };
  if (given.length > limits.maxResources) return { problem: `the entry ${uri} lists ${given.length} files (more than ${limits.maxResources})` };
  const seen = new Set<string>();
  let bytes = 0;
  for (const item of given) {
    const bad = resourceProblem(item, location);
    if (bad) return { problem: `the entry ${uri} lists a bad file: ${bad}` };
    const resource = item as McpSkillResource;
    if (seen.has(resource.uri)) return { problem: `the entry ${uri} lists ${resource.uri} twice` };
    seen.add(resource.uri);
    bytes += resource.size;
  }
  if (!seen.has(uri)) return { problem: `the entry ${uri} does not list its own SKILL.md among its resources` };
  if (bytes > limits.maxSkillBytes) return { problem: `the entry ${uri} holds ${bytes} bytes (more than ${limits.maxSkillBytes})` };
  return given as McpSkillResource[];
}

function resourceProblem(item: unknown, location: SkillLocation): string | undefined {
  if (!isRecord(item) || typeof item['uri'] !== 'string') return 'a resource without a text `uri`';
  const { uri, digest, size } = item;
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return `${uri} has no digest of the form sha256:<64 hex>`;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return `${uri} has no size in bytes`;
  if (relativePath(uri, location) === undefined) return `${uri} is not a file within ${location.root}`;
  return undefined;
}

/** The path of resource `uri` relative to the skill's root (`references/a.md`), or `undefined` when it is not within it. */
export function relativePath(uri: string, location: SkillLocation): string | undefined {
  if (!uri.startsWith(`${location.root}/`)) return undefined;
  const segments = decodedSegments(uri.slice(location.root.length + 1));
  if (!segments) return undefined;
  const path = segments.join('/');
  return unsafePathReason(path, Number.POSITIVE_INFINITY) === undefined ? path : undefined;
}

/** Where `uri` puts its skill, or why it names no skill file (`<scheme>://<skill-path>/SKILL.md`). */
export function skillLocation(uri: string): SkillLocation | { problem: string } {
  const match = URI.exec(uri);
  const scheme = match?.[1]?.toLowerCase();
  const rest = match?.[2];
  const parts = rest?.split('/') ?? [];
  const fileName = parts.pop();
  if (scheme === undefined || fileName === undefined || fileName.toLowerCase() !== 'skill.md' || parts.length === 0)
    return { problem: `${JSON.stringify(uri)} is not the URI of a skill file (<scheme>://<skill-path>/SKILL.md)` };
  const segments = decodedSegments(parts.join('/'));
  const name = segments?.[segments.length - 1];
  if (!segments || name === undefined) return { problem: `${JSON.stringify(uri)} has a skill path that is not plain segments` };
  const path = segments.join('/');
  return { dir: scheme === 'skill' ? path : `${scheme}:/${path}`, name, root: uri.slice(0, uri.length - fileName.length - 1), fileName };
}

/** The segments of a URI path, each percent-decoded; `undefined` when one is empty, a dot segment, or hides a separator. */
function decodedSegments(path: string): string[] | undefined {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return undefined;
    out.push(segment);
  }
  return out;
}
