// The archive readers on their own: what tar and zip headers may declare, checked before any data is inflated.
import { gzipSync, zipSync } from 'fflate';
import { createTar } from 'nanotar';
import { describe, expect, it } from 'vitest';
import { unpackArtifact } from '../../../src/sources/remote/unpack.js';
import { thrown } from '../../support/errors.js';
import { md, tarGz, zip } from '../../support/remote-artifacts.js';

const LIMITS = { maxFiles: 10, maxFileBytes: 1024, maxTotalBytes: 4096, maxNesting: 8 };
const codeOf = (bytes: Uint8Array): string => thrown(() => unpackArtifact(bytes, LIMITS, 'The test archive')).code;
const encoder = new TextEncoder();

/** A gzip'd tar whose second header gets type `type` (checksum fixed up). */
function tarWithType(type: string): Uint8Array {
  const tar = createTar(
    [
      { name: 'SKILL.md', data: 'x' },
      { name: 'dev', data: 'y' },
    ],
    { attrs: { mtime: 0 } },
  );
  const at = 1024;
  tar[at + 156] = type.charCodeAt(0);
  tar.fill(0x20, at + 148, at + 156);
  const sum = tar.subarray(at, at + 512).reduce((a, b) => a + b, 0);
  tar.set(encoder.encode(`${sum.toString(8).padStart(6, '0')}\0 `), at + 148);
  return gzipSync(tar);
}

describe('unpackArtifact', () => {
  it('unpacks a tar.gz and a zip, folders skipped and a leading ./ dropped', () => {
    const files = unpackArtifact(tarGz({ './SKILL.md': md('a'), 'refs/': '', 'refs/a.md': 'A' }), LIMITS, 't');
    expect([...files.keys()]).toEqual(['SKILL.md', 'refs/a.md']);
    expect([...unpackArtifact(zip({ 'SKILL.md': 'x', 'b/c.txt': 'c' }), LIMITS, 'z').keys()]).toEqual(['SKILL.md', 'b/c.txt']);
  });

  it('refuses absolute paths, backslashes and links in either kind', () => {
    expect(codeOf(tarGz({ '/etc/passwd': 'x' }))).toBe('UNSAFE_PATH');
    expect(codeOf(zip({ 'a\\..\\b': 'x' }))).toBe('UNSAFE_PATH');
    expect(codeOf(tarWithType('1'))).toBe('UNSAFE_PATH'); // hard link
    const link = zipSync({ SKILL: encoder.encode('x'), passwd: [encoder.encode('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] });
    expect(codeOf(link)).toBe('UNSAFE_PATH');
  });

  it('refuses devices, duplicates, broken checksums and unknown kinds as INVALID_ARCHIVE', () => {
    expect(codeOf(tarWithType('3'))).toBe('INVALID_ARCHIVE');
    expect(codeOf(tarGz({ 'SKILL.md': 'x', './SKILL.md': 'y' }))).toBe('INVALID_ARCHIVE');
    const tar = createTar([{ name: 'SKILL.md', data: 'x' }]);
    tar[0] = 'T'.charCodeAt(0); // the name changes, the checksum does not
    expect(codeOf(gzipSync(tar))).toBe('INVALID_ARCHIVE');
    expect(codeOf(encoder.encode('plain text'))).toBe('INVALID_ARCHIVE');
  });

  it('refuses declared sizes over the limits before inflating, and counts files', () => {
    expect(codeOf(tarGz({ 'SKILL.md': new Uint8Array(2048) }))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(zip(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.md`, 'x']))))).toBe('LIMIT_EXCEEDED');
    expect(codeOf(tarGz(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}.md`, new Uint8Array(1000)]))))).toBe('LIMIT_EXCEEDED');
  });
});
