// bundleSource in a real browser (Chromium via vitest browser mode): a SkillLoader over a small inline bundle, as the
// Vite plugin would emit it, loads, routes by intent and name, and read() returns bytes — no server, no file system.
import { describe, expect, it } from 'vitest';
import { bundleSource, isSkillError, SkillLoader, type SkillBundle, type SkillBundleFile } from '../../src/index.js';
import { sha256Digest } from '../../src/shared/hash.js';

function textFile(path: string, content: string): SkillBundleFile {
  return { path, size: new TextEncoder().encode(content).byteLength, isText: true, digest: sha256Digest(content), content };
}

const POLICY = '# Refunds\n\nFull refund within 30 days — café receipts too.\n';
const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
const ICON = new Uint8Array([0, 1, 2, 0xfe, 0xff]);

// JSON round trip: the bundle arrives in the page as parsed JSON, exactly like the virtual module's default export.
const BUNDLE = JSON.parse(
  JSON.stringify({
    version: 1,
    entries: [
      {
        dir: 'refund-policy',
        path: 'skills/refund-policy/SKILL.md',
        folder: 'refund-policy',
        fileName: 'SKILL.md',
        text: '---\nname: refund-policy\ndescription: Apply the refund policy. Use when a customer asks for a refund.\nintents: [refund_request, cancellation]\n---\nRead references/policy.md and decide.\n',
        files: [
          // A binary the build left out (embedBinary: false), and one it embedded as base64.
          { path: 'assets/icon.bin', size: ICON.byteLength, isText: false, digest: sha256Digest(ICON), base64: 'AAEC/v8=' },
          { path: 'assets/logo.png', size: LOGO.byteLength, isText: false, digest: sha256Digest(LOGO) },
          textFile('references/policy.md', POLICY),
        ],
      },
      {
        dir: 'code-review',
        path: 'skills/code-review/SKILL.md',
        folder: 'code-review',
        fileName: 'SKILL.md',
        text: '---\nname: code-review\ndescription: Review a diff against a checklist. Use on /code-review.\nintents: [refund_request]\nactivation: manual\n---\nCheck correctness, security and tests.\n',
        files: [],
      },
      {
        dir: 'postmortem',
        path: 'skills/postmortem/SKILL.md',
        folder: 'postmortem',
        fileName: 'SKILL.md',
        text: '---\nname: postmortem\ndescription: Write a blameless postmortem. Use after an incident.\nintents: [incident_review]\nmetadata:\n  body-format: structured\n---\n',
        files: [textFile('sections/purpose.md', '# Purpose\n\nLearn without blame.\n')],
      },
      {
        dir: 'broken',
        path: 'skills/broken/SKILL.md',
        folder: 'broken',
        fileName: 'SKILL.md',
        text: '---\nname: broken\n---\nNo description.\n',
        files: [],
      },
    ],
  } satisfies SkillBundle),
) as SkillBundle;

describe('bundleSource in the browser', () => {
  it('runs in a real browser', () => {
    expect(typeof window).toBe('object');
    expect(navigator.userAgent).toMatch(/Chrom/);
  });

  it('loads into a SkillLoader: getAll, getByIntent, getByName and diagnostics', async () => {
    const loader = new SkillLoader({ builtin: bundleSource(BUNDLE) });
    const skills = await loader.loadAll();
    expect(skills.map((s) => s.name)).toEqual(['refund-policy', 'code-review', 'postmortem']);
    expect(skills.every((s) => s.source === 'builtin' && /^sha256:[0-9a-f]{64}$/.test(s.digest))).toBe(true);
    // The manual skill lists the intent too, but only getByName reaches it.
    expect(loader.getByIntent('REFUND_REQUEST').map((s) => s.name)).toEqual(['refund-policy']);
    expect(loader.getByIntent('incident_review').map((s) => s.name)).toEqual(['postmortem']);
    expect(loader.getByIntent('nothing')).toEqual([]);
    expect(loader.getByName('code-review')?.activation).toBe('manual');
    expect(loader.getByName('postmortem')?.content).toBe('# postmortem\n\n## Purpose\n\nLearn without blame.');
    expect(loader.getByName('refund-policy')?.files).toEqual([
      { path: 'assets/icon.bin', size: ICON.byteLength, isText: false, digest: sha256Digest(ICON) },
      { path: 'assets/logo.png', size: LOGO.byteLength, isText: false, digest: sha256Digest(LOGO) },
      { path: 'references/policy.md', size: new TextEncoder().encode(POLICY).byteLength, isText: true, digest: sha256Digest(POLICY) },
    ]);
    expect(loader.diagnostics.map((d) => [d.code, d.path])).toEqual([['description-missing', 'skills/broken/SKILL.md']]);
  });

  it('read() returns the bytes of SKILL.md, text resources and base64 binaries', async () => {
    const source = bundleSource(BUNDLE);
    const bytes = await source.read('refund-policy/references/policy.md');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bytes)).toBe(POLICY);
    expect(sha256Digest(bytes)).toBe(sha256Digest(POLICY));
    expect(new TextDecoder().decode(await source.read('code-review/SKILL.md'))).toContain('activation: manual');
    const icon = await source.read('refund-policy/assets/icon.bin');
    expect([...icon]).toEqual([...ICON]);
    expect(sha256Digest(icon)).toBe(sha256Digest(ICON));
  });

  it('read() refuses left-out binaries, missing files, unsafe paths and aborted calls with SkillError codes', async () => {
    const source = bundleSource(BUNDLE);
    const codeOf = (promise: Promise<unknown>): Promise<string> =>
      promise.then(
        () => 'resolved',
        (e: unknown) => (isSkillError(e) ? e.code : `not a SkillError: ${String(e)}`),
      );
    expect(await codeOf(source.read('refund-policy/assets/logo.png'))).toBe('NOT_FOUND');
    expect(await codeOf(source.read('refund-policy/references/missing.md'))).toBe('NOT_FOUND');
    expect(await codeOf(source.read('refund-policy/../code-review/SKILL.md'))).toBe('UNSAFE_PATH');
    expect(await codeOf(source.read('/refund-policy/SKILL.md'))).toBe('UNSAFE_PATH');
    expect(await codeOf(source.read('refund-policy/SKILL.md', { signal: AbortSignal.abort() }))).toBe('ABORTED');
  });

  it('a value that is not a version-1 bundle becomes a source-error diagnostic of the load', async () => {
    const loader = new SkillLoader({ builtin: bundleSource({ version: 2, entries: [] } as unknown as SkillBundle) });
    expect(await loader.loadAll()).toEqual([]);
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });
});
