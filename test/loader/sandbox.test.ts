// loader.attachSandbox: loaded skills written byte for byte into a target, replayed for a late sandbox, kept up with later loads.
import { describe, expect, it } from 'vitest';
import {
  defineSkill,
  memoryPluginSource,
  memorySource,
  SkillLoader,
  type LoadedSkill,
  type SandboxFailure,
  type SandboxTarget,
  type SkillSource,
  type SkillTool,
} from '../../src/index.js';
import { sandboxPath, sandboxPathParts } from '../../src/loader/agent/sandbox-path.js';
import { rejected, thrown } from '../support/errors.js';
import { FakeStore } from '../support/fake-store.js';
import { skillMd } from '../support/skill-md.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

// Not the parser's form: CRLF, a comment and trailing blanks, so a re-serialised SKILL.md would differ.
const refundsMd = '---\r\nname: refunds   \r\ndescription: Decide refunds.  # the policy\r\n---\r\n\r\nRead references/guide.md.  \r\n\r\n';
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 128, 7]);
const files = {
  'refunds/SKILL.md': refundsMd,
  'refunds/references/guide.md': 'Refunds up to 50 EUR are automatic.\n',
  'refunds/assets/logo.png': png,
  'refunds/scripts/deep/run.py': 'print("never run")\n',
  'shipping/SKILL.md': skillMd('shipping', { description: 'Track parcels.' }),
  'billing/SKILL.md': skillMd('billing', { description: 'Explain invoices.' }),
};

/** A target that records every call, and refuses a file whose folder was not made first. */
function recordingTarget(failOn?: (path: string) => boolean) {
  const calls: string[] = [];
  const written = new Map<string, Uint8Array>();
  const dirs = new Set<string>(['']);
  const target: SandboxTarget = {
    mkdir(path) {
      if (!dirs.has(path.slice(0, path.lastIndexOf('/')))) throw new Error(`parent of ${path} missing`);
      calls.push(`mkdir ${path}`);
      dirs.add(path);
    },
    async writeFile(path, bytes) {
      await Promise.resolve();
      if (failOn?.(path)) throw new Error(`disk says no to ${path}`);
      if (!dirs.has(path.slice(0, path.lastIndexOf('/')))) throw new Error(`folder of ${path} missing`);
      calls.push(`write ${path}`);
      written.set(path, bytes);
    },
  };
  return { target, calls, written };
}

/** `inner` whose reads answer from `changed` first: a source whose files changed after the load. */
function changingSource(inner: SkillSource, changed: Map<string, string | Uint8Array>): SkillSource {
  return {
    name: inner.name,
    list: (o) => inner.list(o),
    read: async (path, o) => (changed.has(path) ? encode(String(changed.get(path))) : inner.read(path, o)),
  };
}

async function loaderOver(source: SkillSource = memorySource(files)): Promise<{ loader: SkillLoader; load: (name: string) => Promise<LoadedSkill> }> {
  const loader = new SkillLoader({ builtin: source });
  await loader.loadAll();
  const load = async (name: string) => (loader.tools[0] as SkillTool<LoadedSkill>).run({ name });
  return { loader, load };
}

describe('loader.attachSandbox', () => {
  it('writes a loaded skill whole, byte for byte: SKILL.md as the source holds it, binaries included, folders first, SKILL.md last', async () => {
    const { loader, load } = await loaderOver();
    const { target, calls, written } = recordingTarget();
    const sandbox = await loader.attachSandbox(target);
    expect(sandbox.written).toEqual([]);
    const result = await load('refunds');
    // skills.load returned: the files are there already.
    expect(result.path).toBe('/skills/refunds/SKILL.md');
    expect(calls).toEqual([
      'mkdir /skills',
      'mkdir /skills/refunds',
      'mkdir /skills/refunds/assets',
      'mkdir /skills/refunds/references',
      'mkdir /skills/refunds/scripts',
      'mkdir /skills/refunds/scripts/deep',
      'write /skills/refunds/assets/logo.png',
      'write /skills/refunds/references/guide.md',
      'write /skills/refunds/scripts/deep/run.py',
      'write /skills/refunds/SKILL.md',
    ]);
    expect(decode(written.get('/skills/refunds/SKILL.md'))).toBe(refundsMd);
    expect([...(written.get('/skills/refunds/assets/logo.png') ?? [])]).toEqual([...png]);
    expect(decode(written.get('/skills/refunds/references/guide.md'))).toBe(files['refunds/references/guide.md']);
    const refunds = loader.getByName('refunds');
    expect(sandbox.written).toEqual([{ name: 'refunds', digest: refunds?.digest, path: '/skills/refunds/SKILL.md', files: 4 }]);
    expect(sandbox.failures).toEqual([]);
  });

  it('replays every skill loaded so far for a sandbox attached late, then writes later loads as they happen', async () => {
    const { loader, load } = await loaderOver();
    await load('shipping');
    await load('refunds');
    const { target, written } = recordingTarget();
    const sandbox = await loader.attachSandbox(target);
    // Resolved after the replay: both are there, in the order they were loaded.
    expect(sandbox.written.map((s) => s.name)).toEqual(['shipping', 'refunds']);
    expect(decode(written.get('/skills/shipping/SKILL.md'))).toBe(files['shipping/SKILL.md']);
    expect(written.has('/skills/billing/SKILL.md')).toBe(false);
    await loader.activateAsync('explain invoices', { record: true });
    expect(loader.loaded.map((r) => r.name)).toContain('billing');
    expect(decode(written.get('/skills/billing/SKILL.md'))).toBe(files['billing/SKILL.md']);
    // A skill loaded again unchanged is not written again.
    const before = written.size;
    written.clear();
    await load('shipping');
    expect(written.size).toBe(0);
    expect(before).toBeGreaterThan(0);
  });

  it('writes into every attached sandbox, stops writing one once detached, and leaves what it wrote', async () => {
    const { loader, load } = await loaderOver();
    const a = recordingTarget();
    const b = recordingTarget();
    const first = await loader.attachSandbox(a.target);
    await loader.attachSandbox(b.target);
    await load('shipping');
    expect([a.written.has('/skills/shipping/SKILL.md'), b.written.has('/skills/shipping/SKILL.md')]).toEqual([true, true]);
    first.detach();
    expect(first.attached).toBe(false);
    await load('billing');
    expect([a.written.has('/skills/billing/SKILL.md'), b.written.has('/skills/billing/SKILL.md')]).toEqual([false, true]);
    expect(a.written.has('/skills/shipping/SKILL.md')).toBe(true);
  });

  it("puts a plugin skill under its plugin's path, its shared files in the plugin's folders", async () => {
    const plugin = memoryPluginSource({
      'finance/plugin.json': JSON.stringify({ name: 'corporate-finance', version: '1.2.0' }),
      'finance/skills/dcf/SKILL.md': skillMd('dcf', { body: 'Run ../../shared/util.py.' }),
      'finance/skills/dcf/references/method.md': 'Discount the cash flows.',
      'finance/shared/util.py': 'def npv(): pass\n',
    });
    const { loader, load } = await loaderOver(plugin);
    const { target, written } = recordingTarget();
    await loader.attachSandbox(target);
    const result = await load('dcf');
    expect(result.path).toBe('/skills/corporate-finance/skills/dcf/SKILL.md');
    expect([...written.keys()].sort()).toEqual([
      '/skills/corporate-finance/shared/util.py',
      '/skills/corporate-finance/skills/dcf/SKILL.md',
      '/skills/corporate-finance/skills/dcf/references/method.md',
    ]);
    expect(decode(written.get('/skills/corporate-finance/shared/util.py'))).toBe('def npv(): pass\n');
  });

  it('verifies what it writes: a resource or a SKILL.md changed since the load rejects the replay with DIGEST_MISMATCH, writing none of that skill', async () => {
    const changed = new Map<string, string>();
    const { loader, load } = await loaderOver(changingSource(memorySource(files), changed));
    await load('shipping');
    await load('refunds');
    changed.set('refunds/references/guide.md', 'Refunds up to 5,000 EUR are automatic.\n');
    const { target, written } = recordingTarget();
    const error = await rejected(loader.attachSandbox(target));
    expect([error.code, error.path]).toEqual(['DIGEST_MISMATCH', 'references/guide.md']);
    expect(error.message).toMatch(/^Skill "refunds" was not written into the sandbox: `references\/guide.md` of skill "refunds" does not match/);
    expect([...written.keys()].filter((p) => p.startsWith('/skills/refunds'))).toEqual([]);
    expect(written.has('/skills/shipping/SKILL.md')).toBe(true);
    // The SKILL.md is checked too: its bytes must parse back to the digest the skill was loaded with.
    changed.clear();
    changed.set('shipping/SKILL.md', skillMd('shipping', { description: 'Track parcels, and wire money out.' }));
    const late = recordingTarget();
    expect(await rejected(loader.attachSandbox(late.target))).toMatchObject({
      code: 'DIGEST_MISMATCH',
      message: expect.stringMatching(/SKILL\.md of skill "shipping"/),
    });
  });

  it('detaches a sandbox whose replay failed, saying how many more skills failed', async () => {
    const changed = new Map<string, string>();
    const { loader, load } = await loaderOver(changingSource(memorySource(files), changed));
    await load('shipping');
    await load('billing');
    changed.set('shipping/SKILL.md', 'changed');
    changed.set('billing/SKILL.md', 'changed');
    const { target, written } = recordingTarget();
    const error = await rejected(loader.attachSandbox(target));
    expect(error.message).toMatch(/\(1 more loaded skill failed too\)$/);
    await load('refunds');
    expect(written.size).toBe(0);
  });

  it('reports a write that fails after the attach without failing skills.load, and tries again on the next load', async () => {
    const { loader, load } = await loaderOver();
    let refuse = true;
    const { target, written } = recordingTarget((path) => refuse && path.endsWith('.png'));
    const heard: SandboxFailure[] = [];
    const sandbox = await loader.attachSandbox(target, { onError: (f) => heard.push(f) });
    const result = await load('refunds');
    expect(result.name).toBe('refunds');
    expect(loader.loaded.map((r) => r.name)).toEqual(['refunds']);
    expect(heard).toHaveLength(1);
    expect(sandbox.failures).toEqual(heard);
    const [failure] = heard;
    expect([failure?.name, failure?.digest, failure?.error.code, failure?.error.path]).toEqual([
      'refunds',
      loader.getByName('refunds')?.digest,
      'SANDBOX_FAILED',
      '/skills/refunds/assets/logo.png',
    ]);
    expect(failure?.error.message).toMatch(/at `\/skills\/refunds\/assets\/logo.png`: disk says no/);
    expect(written.has('/skills/refunds/SKILL.md')).toBe(false);
    refuse = false;
    await load('refunds');
    expect(written.has('/skills/refunds/SKILL.md')).toBe(true);
    expect(sandbox.written.map((s) => s.name)).toEqual(['refunds']);
  });

  it('keeps loading when the onError listener itself throws', async () => {
    const { loader, load } = await loaderOver();
    const { target } = recordingTarget(() => true);
    await loader.attachSandbox(target, {
      onError: () => {
        throw new Error('listener bug');
      },
    });
    expect((await load('shipping')).name).toBe('shipping');
  });

  it('reads every kind of source the same way: skill objects, a store namespace, a case-variant skill.md', async () => {
    // A skill object's source holds no file contents: only its SKILL.md, written from the object, can be projected.
    const object = defineSkill({ name: 'notes', description: 'Take notes.', instructions: 'Write them down.' });
    const store = new FakeStore();
    await store.put(['acme', 'skills'], skillMd('vendors', { description: 'Rate vendors.', body: 'Score them.\n\n\n' }));
    const loader = new SkillLoader({
      builtin: memorySource([object]),
      store,
      remote: [memorySource({ 'lower/skill.md': skillMd('lower', { description: 'A lower-case file name.' }) }, { name: 'lower-source' })],
    });
    await loader.loadAll('acme');
    const { target, written } = recordingTarget();
    await loader.attachSandbox(target);
    const load = loader.tools[0] as SkillTool<LoadedSkill>;
    for (const name of ['notes', 'vendors', 'lower']) await load.run({ name });
    expect(decode(written.get('/skills/notes/SKILL.md'))).toMatch(/^---\nname: notes\n/);
    expect(decode(written.get('/skills/vendors/SKILL.md'))).toBe(skillMd('vendors', { description: 'Rate vendors.', body: 'Score them.\n\n\n' }));
    expect(decode(written.get('/skills/lower/SKILL.md'))).toBe(skillMd('lower', { description: 'A lower-case file name.' }));
  });

  it('reports a file the source cannot serve (a skill object lists files it holds no contents of) as NOT_FOUND', async () => {
    const object = defineSkill({ name: 'notes', description: 'Take notes.', instructions: 'Write them down.', files: { 'templates/a.md': 'A' } });
    const { loader, load } = await loaderOver(memorySource([object]));
    const heard: SandboxFailure[] = [];
    const { target, written } = recordingTarget();
    await loader.attachSandbox(target, { onError: (f) => heard.push(f) });
    await load('notes');
    expect(heard.map((f) => [f.name, f.error.code])).toEqual([['notes', 'NOT_FOUND']]);
    expect(written.size).toBe(0);
  });

  it('projects a structured skill: its sections and the SKILL.md as held, checked against the composed digest', async () => {
    const md = '---\nname: planner\ndescription: Plan work in steps.\nmetadata:\n  body-format: structured\n---\n';
    const { loader, load } = await loaderOver(
      memorySource({ 'planner/SKILL.md': md, 'planner/sections/purpose.md': '# Purpose\nPlan.', 'planner/sections/workflow.md': '# Workflow\n1. Think.' }),
    );
    expect(loader.getByName('planner')?.bodyFormat).toBe('structured');
    const { target, written } = recordingTarget();
    await loader.attachSandbox(target);
    await load('planner');
    expect(decode(written.get('/skills/planner/SKILL.md'))).toBe(md);
    expect(decode(written.get('/skills/planner/sections/workflow.md'))).toBe('# Workflow\n1. Think.');
  });

  it('projects a lazily listed skill once it is read in full, through the same read path', async () => {
    const eager = memorySource(files);
    let fullReads = 0;
    const lazy: SkillSource = {
      name: 'lazy',
      async list(o) {
        const listing = await eager.list(o);
        // Metadata only: the front matter without the body, the files without contents.
        const entries = listing.entries.map((e) => ({
          ...e,
          text: String(e.text).replace(/\r?\n---\r?\n[\s\S]*$/, '\n---\n'),
          files: (e.files ?? []).map(({ content: _c, ...f }) => f),
          lazy: {},
        }));
        return { ...listing, entries };
      },
      read: (path, o) => eager.read(path, o),
      async readSkill(dir, o) {
        fullReads++;
        const entry = (await eager.list(o)).entries.find((e) => e.dir === dir);
        if (!entry) throw new Error(`no ${dir}`);
        return entry;
      },
    };
    const { loader, load } = await loaderOver(lazy);
    expect(loader.getByName('refunds')?.loaded).toBe(false);
    const { target, written } = recordingTarget();
    await loader.attachSandbox(target);
    await load('refunds');
    expect(fullReads).toBe(1);
    expect(decode(written.get('/skills/refunds/SKILL.md'))).toBe(refundsMd);
    expect([...(written.get('/skills/refunds/assets/logo.png') ?? [])]).toEqual([...png]);
  });

  it('writes the SKILL.md of a skill no source listed (an upsert) from the skill itself', async () => {
    const { loader } = await loaderOver();
    loader.upsert({ ...defineSkill({ name: 'adhoc', description: 'Made in code.', instructions: 'Do it.' }), source: 'user' });
    await loader.activateAsync('/adhoc please', { record: true });
    const { target, written } = recordingTarget();
    await loader.attachSandbox(target);
    expect(decode(written.get('/skills/adhoc/SKILL.md'))).toBe('---\nname: adhoc\ndescription: Made in code.\n---\n\nDo it.\n');
  });

  it('refuses a target that is not one', async () => {
    const { loader } = await loaderOver();
    for (const bad of [null, {}, { writeFile: () => {} }, { mkdir: () => {}, writeFile: 'x' }]) {
      expect((await rejected(loader.attachSandbox(bad as unknown as SandboxTarget))).code).toBe('INVALID_INPUT');
    }
    const { target } = recordingTarget();
    expect((await rejected(loader.attachSandbox(target, { onError: 'log' as unknown as () => void }))).code).toBe('INVALID_INPUT');
  });
});

describe('sandbox paths', () => {
  it('are absolute POSIX paths of plain names', () => {
    expect(sandboxPathParts('/skills/pdf/references/forms.md')).toEqual(['skills', 'pdf', 'references', 'forms.md']);
    expect(sandboxPath(['skills', 'pdf', 'SKILL.md'])).toBe('/skills/pdf/SKILL.md');
  });

  it('cannot climb out: relative, `..`, `.`, empty names, backslashes, NUL, drive letters and the root are refused', () => {
    const bad = [
      'skills/pdf',
      '/skills/../etc/passwd',
      '/../x',
      '/skills/./x',
      '/skills//x',
      '/skills/x/',
      '//etc/passwd',
      '/skills\\..\\x',
      '/skills/x\0.md',
      '/C:/Windows',
      '/',
      '',
    ];
    for (const path of bad) expect([path, thrown(() => sandboxPathParts(path)).code]).toEqual([path, 'UNSAFE_PATH']);
    expect(thrown(() => sandboxPathParts(undefined)).code).toBe('UNSAFE_PATH');
    for (const parts of [['skills', '..'], ['skills', 'a/b'], ['skills', ''], ['skills', 'a\\b'], []])
      expect(thrown(() => sandboxPath(parts)).code).toBe('UNSAFE_PATH');
  });

  it('a skill whose name is no plain path name (the runtime profile loads `..` with a warning) is refused, never written', async () => {
    for (const name of ['..', 'a/b', 'x\\y']) {
      const md = `---\nname: ${JSON.stringify(name)}\ndescription: Climbs.\n---\nBody\n`;
      const loader = new SkillLoader({ builtin: memorySource({ 'climb/SKILL.md': md, 'climb/x.md': 'x' }) });
      await loader.loadAll();
      expect(loader.getByName(name)?.name).toBe(name);
      await (loader.tools[0] as SkillTool<LoadedSkill>).run({ name });
      const { target, written } = recordingTarget();
      expect([name, (await rejected(loader.attachSandbox(target))).code]).toEqual([name, 'UNSAFE_PATH']);
      expect(written.size).toBe(0);
    }
  });
});
