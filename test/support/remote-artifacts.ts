// Artifacts for the remote source tests: SKILL.md texts, tar.gz and zip archives (well-formed and hostile), digests.
import { gzipSync, zipSync } from 'fflate';
import { createTar } from 'nanotar';
import { sha256Digest } from '../../src/shared/hash.js';
import { skillMd } from './skill-md.js';

export const SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const encoder = new TextEncoder();

/** The SKILL.md of a test skill called `name`. */
export const md = (name: string): Uint8Array => encoder.encode(skillMd(name, { description: `The ${name} skill, served over HTTP for the remote tests.` }));

/** A gzip'd tar of `files` (names written exactly as given). */
export function tarGz(files: Record<string, string | Uint8Array>): Uint8Array {
  const tar = createTar(
    Object.entries(files).map(([name, data]) => ({ name, data })),
    { attrs: { mtime: 0, mode: '644', uid: 0, gid: 0 } },
  );
  return gzipSync(tar, { mtime: 0 });
}

/** A gzip'd tar whose one entry `name` is a symbolic link to `target`. */
export function tarGzWithLink(skill: Uint8Array, name: string): Uint8Array {
  const tar = createTar(
    [
      { name: 'SKILL.md', data: skill },
      { name, data: 'x' },
    ],
    { attrs: { mtime: 0 } },
  );
  const header = 512 + Math.ceil(skill.byteLength / 512) * 512;
  tar[header + 156] = '2'.charCodeAt(0);
  tar.fill(0x20, header + 148, header + 156);
  let sum = 0;
  for (let i = header; i < header + 512; i++) sum += tar[i] ?? 0;
  tar.set(encoder.encode(`${sum.toString(8).padStart(6, '0')}\0 `), header + 148);
  return gzipSync(tar, { mtime: 0 });
}

/** A zip of `files`. */
export function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? encoder.encode(v) : v])), {
    mtime: new Date(Date.UTC(2000, 0, 1)),
  });
}

/** One 0.2.0 index entry for `bytes` at `url`. */
export function entry(name: string, type: string, url: string, bytes: Uint8Array): Record<string, string> {
  return { name, type, description: `The ${name} skill.`, url, digest: sha256Digest(bytes) };
}

/** The JSON text of a 0.2.0 index. */
export const indexOf = (skills: unknown[], schema: unknown = SCHEMA): string => JSON.stringify({ $schema: schema, skills });
