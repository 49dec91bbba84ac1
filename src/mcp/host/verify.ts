/**
 * Reading an MCP skill's files against the entry the host holds: each file's bytes must have the listed size and
 * SHA-256 digest, and the SKILL.md's front matter must equal the entry's field by field; anything else is a
 * verification failure (`DIGEST_MISMATCH`) and the bytes are never used. A skill read in full is read as one snapshot:
 * SKILL.md and every file of its own, each verified, held for the reads that follow.
 * @module
 */
import { SkillError } from '../../format/errors.js';
import { splitFrontmatter } from '../../format/frontmatter.js';
import { writeSkillMd } from '../../format/serialize.js';
import { parseSkill } from '../../format/parse.js';
import { readYaml } from '../../format/yaml/read.js';
import { canonicalJson, sha256Digest } from '../../shared/hash.js';
import { fileInputOf } from '../../sources/inventory.js';
import { joinSourcePath, type SkillEntry } from '../../sources/source.js';
import { isInvalidParams, readResourceBytes, type CallContext } from './calls.js';
import { ALLOWED_TOOLS, shownFrontmatter, type HeldSkill } from './held.js';
import type { McpSkillResource } from './wire.js';

/** Most files of one skill read at once. */
const READS_AT_ONCE = 8;

/** The error of a verification failure: the content is not what the held entry promised. */
export function mismatch(ctx: CallContext, why: string, uri: string): SkillError {
  return new SkillError('DIGEST_MISMATCH', `Source ${ctx.name}: ${why}; the content is not used.`, { path: uri });
}

/** Resource `resource`, read and verified (size, then digest); a listed file the server does not know is a failure too. */
export async function readVerified(ctx: CallContext, resource: McpSkillResource, signal: AbortSignal): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readResourceBytes(ctx, resource.uri, signal);
  } catch (e) {
    if (isInvalidParams(e)) throw mismatch(ctx, `${resource.uri} is listed but the server does not serve it`, resource.uri);
    throw e;
  }
  if (bytes.byteLength !== resource.size)
    throw mismatch(ctx, `${resource.uri} has ${bytes.byteLength} bytes, not the ${resource.size} its entry lists`, resource.uri);
  const digest = sha256Digest(bytes);
  if (digest !== resource.digest) throw mismatch(ctx, `${resource.uri} has digest ${digest}, not the ${resource.digest} its entry lists`, resource.uri);
  return bytes;
}

/** SKILL.md and every own file of `held`, each verified, by path relative to the skill root. */
export async function readSnapshot(ctx: CallContext, held: HeldSkill, signal: AbortSignal): Promise<ReadonlyMap<string, Uint8Array>> {
  const paths = [held.location.fileName, ...held.own];
  const out = new Map<string, Uint8Array>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < paths.length; i = next++) {
      const path = paths[i] as string;
      out.set(path, await readVerified(ctx, held.byPath.get(path) as McpSkillResource, signal));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, paths.length) }, worker));
  return out;
}

const decoder = new TextDecoder();

/**
 * The SKILL.md text the loader parses: the bytes as they are when nothing is withheld, else the front matter without
 * `allowed-tools` and the body. Rejects with `DIGEST_MISMATCH` when the front matter differs from the entry's.
 */
export function skillText(ctx: CallContext, held: HeldSkill, bytes: Uint8Array, approved: boolean): string | Uint8Array {
  const text = decoder.decode(bytes);
  const split = splitFrontmatter(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const data = 'frame' in split ? readYaml(split.frame.yaml).data : undefined;
  if (data === undefined || canonicalJson(data) !== canonicalJson(held.entry.frontmatter))
    throw mismatch(ctx, `the front matter of ${held.entry.uri} is not the one its entry lists`, held.entry.uri);
  if (approved || !Object.hasOwn(data, ALLOWED_TOOLS)) return bytes;
  return writeSkillMd(shownFrontmatter(held, false), 'frame' in split ? split.frame.body : '');
}

/** The whole entry of `held` from its snapshot, as an eager listing gives it: SKILL.md text, the inventory with digests. */
export function wholeEntry(held: HeldSkill, text: string | Uint8Array, snapshot: ReadonlyMap<string, Uint8Array>): SkillEntry {
  const { dir, name, fileName } = held.location;
  const files = held.own.map((path) => fileInputOf(path, snapshot.get(path) as Uint8Array));
  return { dir, path: joinSourcePath(dir, fileName), folder: name, fileName, text, files };
}

/** The digest a loader gives the skill of `whole` (front matter, body, inventory), or `undefined` when it does not parse. */
export function wholeDigest(whole: SkillEntry): string | undefined {
  const { skill } = parseSkill(whole.text ?? '', {
    path: whole.path,
    ...(whole.folder === undefined ? {} : { folder: whole.folder }),
    ...(whole.fileName === undefined ? {} : { fileName: whole.fileName }),
    ...(whole.files === undefined ? {} : { files: whole.files }),
  });
  return skill?.digest;
}
