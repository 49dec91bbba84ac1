// A sample tree for directorySource, and everything a load over it yields that the file layer's speed work must not
// move: the listing (entries, their files, text bytes, diagnostics in order), each loaded skill's digest and file
// facts, the loader's diagnostics, and routing answers. test/fixtures/digests/directory-pins.json holds these as the
// code before that work computed them (docs/benchmarks.md, issue 29); directory-pins.test.ts compares.
import { createHash } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRandom, generateSkills, skillFiles } from '../../bench/generate.js';
import { SkillLoader } from '../../src/index.js';
import { directorySource } from '../../src/node/index.js';
import type { SourceListing } from '../../src/sources/source.js';
import { skillMd } from '../support/skill-md.js';

/** Turns the pins route: words of the generated skills' topics, and a few that match nothing. */
export const PIN_QUERIES = [
  'summarize this pdf report',
  'review the pull request for security issues',
  'convert the spreadsheet to csv',
  'validate the json schema of the api',
  'generate release notes from the changelog',
  'analyze the log files for errors',
  'what is the weather like today',
  'deploy the service to production',
];

const sha = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** Writes the sample tree under `root`: 160 generated skills with references, scripts and binaries, and odd cases. */
export async function writePinTree(root: string): Promise<void> {
  const random = createRandom(29);
  const put = async (path: string, content: string | Uint8Array): Promise<void> => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  };
  const skills = generateSkills(160, { seed: 29, references: { rate: 0.3 } });
  for (const [i, skill] of skills.entries()) {
    // Every tenth under a group folder, so discovery goes deeper than one level.
    const base = i % 10 === 0 ? `group-${i % 3}/` : '';
    for (const f of skillFiles(skill)) await put(base + f.path, f.content);
    if (i % 9 === 4) await put(`${base}${skill.folder}/scripts/tool.sh`, `#!/bin/sh\necho ${i}\n`);
    if (i % 20 === 7) {
      const bytes = new Uint8Array(2048 + i * 7);
      for (let b = 0; b < bytes.length; b++) bytes[b] = random() < 0.2 ? 0 : Math.floor(random() * 256);
      await put(`${base}${skill.folder}/assets/image.png`, bytes);
    }
    if (i % 40 === 11) await put(`${base}${skill.folder}/assets/latin1.txt`, new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  }
  await put(
    'structured-one/SKILL.md',
    skillMd('structured-one', { description: 'Structured skill for pins.', front: { metadata: { 'body-format': 'structured' } }, body: '' }),
  );
  await put('structured-one/sections/instructions.md', 'Do the thing carefully.\n');
  await put('nested-outer/SKILL.md', skillMd('nested-outer', { description: 'Outer skill holding a nested one.' }));
  await put('nested-outer/notes.md', '# Notes\n');
  await put('nested-outer/inner/SKILL.md', skillMd('inner', { description: 'Inner skill, nested.' }));
  await put('nested-outer/inner/ref.md', 'inner ref\n');
  await put('.hidden-skills/secret/SKILL.md', skillMd('secret', { description: 'Hidden, not listed.' }));
  await put('lower-case/skill.md', skillMd('lower-case', { description: 'A case variant of the skill file.' }));
  await put('too-big/SKILL.md', skillMd('too-big', { description: 'Holds a resource over maxFileBytes.' }));
  await put('too-big/big.bin', new Uint8Array(300 * 1024));
  await put('crlf-skill/SKILL.md', skillMd('crlf-skill', { description: 'Windows line endings.' }).replaceAll('\n', '\r\n'));
  await put('no-frontmatter/SKILL.md', 'Just a body, no front matter.\n');
  await put('empty-folder/.keep', '');
  await put('linked/SKILL.md', skillMd('linked', { description: 'Holds a symbolic link.' }));
  await symlink(join(root, 'nested-outer', 'notes.md'), join(root, 'linked', 'link.md'));
  await put('node_modules/dep/SKILL.md', skillMd('dep', { description: 'Never listed.' }));
}

/** The listing as plain data: bytes as their SHA-256. */
function listingPins(listing: SourceListing): unknown {
  return {
    // `lazyDigest` (the loader computes the digest on first read) is new with the speed work: checked on its own.
    entries: listing.entries.map(({ lazyDigest: _lazy, ...e }) => ({
      ...e,
      text: e.text === undefined ? undefined : typeof e.text === 'string' ? `text:${sha(e.text)}` : `bytes:${sha(e.text)}`,
      files: (e.files ?? []).map((f) => ({ ...f, content: f.content === undefined ? undefined : sha(f.content) })),
    })),
    diagnostics: listing.diagnostics,
  };
}

/** Everything pinned of a load over `root` (paths shown from `shown`, so the pins do not hold the temp folder's name). */
export async function pinsOf(root: string, shown: string): Promise<unknown> {
  const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll(root, shown));
  const listing = await directorySource(root, { includeHidden: false }).list();
  const loader = new SkillLoader({ builtin: directorySource(root) });
  await loader.loadAll();
  const skills = loader
    .getAll()
    .map((s) => ({ name: s.name, path: s.path, digest: s.digest, files: s.files, diagnostics: s.diagnostics }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const routes = PIN_QUERIES.map((q) => ({ q, hits: loader.route(q).map((r) => ({ name: r.skill.name, score: r.score, terms: r.terms, margin: r.margin })) }));
  return strip({ listing: listingPins(listing), skills, diagnostics: loader.diagnostics, digest: loader.digest, routes });
}
