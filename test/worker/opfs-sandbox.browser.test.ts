// opfsSandbox in Chromium: loaded skills written into the origin private file system, byte for byte.
import { afterEach, describe, expect, it } from 'vitest';
import { connectSkillRuntime } from '../../src/client/index.js';
import { memorySource, SkillLoader, type LoadedSkill, type SkillTool } from '../../src/index.js';
import { opfsSandbox } from '../../src/worker/index.js';
import { rejected } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const png = new Uint8Array(Array.from({ length: 256 }, (_, i) => 255 - i));
const files = {
  'pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms.  \n---\r\n\r\nUse scripts/fill.py.\n\n',
  'pdf/scripts/fill.py': 'print("filled")\n',
  'pdf/assets/sample.png': png,
  'csv/SKILL.md': skillMd('csv', { description: 'Read CSV files.' }),
};

let folders: string[] = [];
afterEach(async () => {
  const root = await navigator.storage.getDirectory();
  await Promise.all(folders.map((name) => root.removeEntry(name, { recursive: true }).catch(() => undefined)));
  folders = [];
});

/** A fresh folder at the OPFS root, removed after the test. */
async function freshFolder(): Promise<FileSystemDirectoryHandle> {
  const name = `satchel-test-${crypto.randomUUID()}`;
  folders.push(name);
  return (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
}

/** The bytes of `path` (`/skills/pdf/SKILL.md`) under `root`. */
async function bytesAt(root: FileSystemDirectoryHandle, path: string): Promise<number[]> {
  const parts = path.slice(1).split('/');
  let folder = root;
  for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part);
  const file = await (await folder.getFileHandle(parts[parts.length - 1] as string)).getFile();
  return [...new Uint8Array(await file.arrayBuffer())];
}

async function loaderOver(input = files): Promise<{ loader: SkillLoader; load: (name: string) => Promise<LoadedSkill> }> {
  const loader = new SkillLoader({ builtin: memorySource(input) });
  await loader.loadAll();
  return { loader, load: (name) => (loader.tools[0] as SkillTool<LoadedSkill>).run({ name }) };
}

const encoded = (text: string): number[] => [...new TextEncoder().encode(text)];

describe('opfsSandbox', () => {
  it('replays earlier loads and writes later ones into an OPFS folder, byte for byte, binaries included', async () => {
    const { loader, load } = await loaderOver();
    await load('csv');
    const root = await freshFolder();
    const sandbox = await loader.attachSandbox(opfsSandbox(root));
    expect(await bytesAt(root, '/skills/csv/SKILL.md')).toEqual(encoded(files['csv/SKILL.md']));
    await load('pdf');
    expect(await bytesAt(root, '/skills/pdf/SKILL.md')).toEqual(encoded(files['pdf/SKILL.md']));
    expect(await bytesAt(root, '/skills/pdf/assets/sample.png')).toEqual([...png]);
    expect(await bytesAt(root, '/skills/pdf/scripts/fill.py')).toEqual(encoded(files['pdf/scripts/fill.py']));
    expect(sandbox.written.map((s) => s.name)).toEqual(['csv', 'pdf']);
  });

  it('replaces a file already there, and takes the origin root when given none', async () => {
    const root = await navigator.storage.getDirectory();
    folders.push('skills');
    const target = opfsSandbox();
    await target.mkdir('/skills');
    await target.mkdir('/skills/x');
    await target.writeFile('/skills/x/a.md', new TextEncoder().encode('first, longer text'));
    await target.writeFile('/skills/x/a.md', new TextEncoder().encode('second'));
    expect(await bytesAt(root, '/skills/x/a.md')).toEqual(encoded('second'));
  });

  it('refuses paths that climb out, and says SANDBOX_FAILED for a file where a folder should be', async () => {
    const root = await freshFolder();
    const target = opfsSandbox(root);
    const bytes = new TextEncoder().encode('x');
    for (const path of ['/../x', '/skills/../../x', 'x', '/skills\\x', '/a\0b', '//x', '/skills/']) {
      expect([path, (await rejected(Promise.resolve().then(() => target.writeFile(path, bytes)))).code]).toEqual([path, 'UNSAFE_PATH']);
    }
    await target.writeFile('/skills', bytes);
    const error = await rejected(Promise.resolve().then(() => target.mkdir('/skills')));
    expect([error.code, error.path]).toEqual(['SANDBOX_FAILED', '/skills']);
    // As a loader's sandbox, that failure rejects the replay, naming the skill.
    const { loader, load } = await loaderOver();
    await load('csv');
    expect(await rejected(loader.attachSandbox(target))).toMatchObject({ code: 'SANDBOX_FAILED', message: expect.stringMatching(/^Skill "csv"/) });
  });

  it('works in the worker that runs the skill runtime: skills.load run from the page writes into OPFS', async () => {
    const name = `satchel-test-${crypto.randomUUID()}`;
    folders.push(name);
    const worker = new Worker(new URL('./fixtures/sandbox-worker.ts', import.meta.url), { type: 'module', name });
    try {
      const client = connectSkillRuntime(worker);
      await client.loadAll();
      const loaded = (await client.runTool('skills.load', { name: 'report' }, { grants: ['tool:skills.load', 'skills:read'] })) as LoadedSkill;
      expect(loaded.path).toBe('/skills/report/SKILL.md');
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(name);
      expect(await bytesAt(root, '/skills/report/assets/chart.bin')).toEqual([0, 1, 2, 254, 255]);
      expect(await bytesAt(root, '/skills/report/templates/week.md')).toEqual(encoded('# Week\n'));
      expect(await bytesAt(root, '/skills/report/SKILL.md')).toEqual(
        encoded('---\nname: report\ndescription: Write the weekly report.\n---\nUse templates/week.md.\n'),
      );
    } finally {
      worker.terminate();
    }
  });
});
