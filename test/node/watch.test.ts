// Live reload in Node: watching directory and plugin sources update the loader for the changed skills alone.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { directorySource, loadSkills, pluginSource, SkillLoader, type LoaderChange, type SkillSource } from '../../src/node/index.js';
import { PLUGIN_FIXTURE } from '../support/plugin-tree.js';
import { skillMd } from '../support/skill-md.js';
import { tempTrees } from '../support/temp-trees.js';

const tempTree = tempTrees('satchel-watch-');

/** The loader's changes, collected, with a way to wait for one that matches. */
function changesOf(loader: SkillLoader): { all: LoaderChange[]; next: (match: (c: LoaderChange) => boolean) => Promise<LoaderChange> } {
  const all: LoaderChange[] = [];
  const waiting: { match: (c: LoaderChange) => boolean; done: (c: LoaderChange) => void }[] = [];
  loader.on('change', (change) => {
    all.push(change);
    for (const w of [...waiting]) if (w.match(change)) (waiting.splice(waiting.indexOf(w), 1), w.done(change));
  });
  return { all, next: (match) => new Promise((done) => (all.some(match) ? done(all.find(match) as LoaderChange) : waiting.push({ match, done }))) };
}

async function watched(source: SkillSource): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin: source });
  await loader.loadAll();
  return loader;
}

/** Replaces a file in one step (written outside the watched tree, then renamed in), so no listing sees it half written. */
async function replaceFile(path: string, content: string): Promise<void> {
  const aside = join(await tempTree(), 'next');
  await writeFile(aside, content);
  await rename(aside, path);
}

const text = (name: string, body = `Do ${name}.`): string => skillMd(name, { description: `The ${name} skill, for watch tests.`, body });

describe('directorySource({ watch: true })', () => {
  it('applies an added, a changed (resource) and a removed skill, each alone, with its change event', async () => {
    const root = await tempTree({ 'alpha/SKILL.md': text('alpha'), 'alpha/references/a.md': 'A1', 'beta/SKILL.md': text('beta') });
    const source = directorySource(root, { watch: true, watchDebounceMs: 20 });
    const loader = await watched(source);
    const changes = changesOf(loader);
    const [alpha, beta] = [loader.getByName('alpha'), loader.getByName('beta')];

    await replaceFile(join(root, 'alpha/references/a.md'), 'A2');
    const changed = await changes.next((c) => c.name === 'alpha');
    expect(changed).toMatchObject({ type: 'upsert', tier: 'builtin', cause: 'watch' });
    expect(loader.getByName('alpha')?.digest).not.toBe(alpha?.digest);
    expect(await loader.readFile('alpha', 'references/a.md')).toBe('A2');
    expect(loader.getByName('beta')).toBe(beta);

    await mkdir(join(root, 'gamma'));
    await replaceFile(join(root, 'gamma/SKILL.md'), skillMd('gamma', { description: 'Reconcile the quarterly ledger against bank statements.' }));
    await changes.next((c) => c.name === 'gamma' && c.type === 'upsert');
    expect(loader.route('quarterly ledger')[0]?.skill.name).toBe('gamma');

    await rm(join(root, 'beta'), { recursive: true });
    await changes.next((c) => c.name === 'beta' && c.type === 'remove');
    expect(
      loader
        .getAll()
        .map((s) => s.name)
        .sort(),
    ).toEqual(['alpha', 'gamma']);
    expect(changes.all.filter((c) => c.name === 'alpha')).toHaveLength(1);
    loader.close();
    source.close?.();
  });

  it('stops applying changes after loader.close(), and the source stops calling a listener after its close()', async () => {
    const root = await tempTree({ 'alpha/SKILL.md': text('alpha') });
    const source = directorySource(root, { watch: true, watchDebounceMs: 20 });
    const loader = await watched(source);
    const before = loader.getByName('alpha');
    loader.close();
    let heardBeforeClose = 0;
    source.watch?.(() => heardBeforeClose++);
    source.close?.();
    const heard = new Promise<void>((done) => source.watch?.(() => done()));
    await writeFile(join(root, 'alpha/SKILL.md'), text('alpha', 'Changed.'));
    await heard;
    await loader.settled();
    expect(loader.getByName('alpha')).toBe(before);
    expect(heardBeforeClose).toBe(0);
    source.close?.();
  });

  it('follows a source once across loads: one change is applied and announced once', async () => {
    const root = await tempTree({ 'alpha/SKILL.md': text('alpha'), 'beta/SKILL.md': text('beta') });
    const source = directorySource(root, { watch: true, watchDebounceMs: 20 });
    const loader = await watched(source);
    await loader.loadAll();
    const changes = changesOf(loader);
    await replaceFile(join(root, 'alpha/SKILL.md'), text('alpha', 'Changed once.'));
    await changes.next((c) => c.name === 'alpha');
    await replaceFile(join(root, 'beta/SKILL.md'), text('beta', 'Changed too.'));
    await changes.next((c) => c.name === 'beta');
    await loader.settled();
    expect(changes.all.map((c) => c.name)).toEqual(['alpha', 'beta']);
    loader.close();
    source.close?.();
  });

  it('has no watch unless asked', () => {
    expect(directorySource('.').watch).toBeUndefined();
    expect(pluginSource('.').watch).toBeUndefined();
  });
});

describe('precedence between watching sources', () => {
  it("uncovers a later source's skill when the earlier one leaves, and gives the name back when it returns", async () => {
    const [first, second] = [await tempTree({ 'dup/SKILL.md': text('dup', 'First.') }), await tempTree({ 'dup/SKILL.md': text('dup', 'Second.') })];
    const sources = [directorySource(first, { watch: true, watchDebounceMs: 20 }), directorySource(second, { watch: true, watchDebounceMs: 20 })];
    const loader = new SkillLoader({ builtin: sources });
    await loader.loadAll();
    const changes = changesOf(loader);
    expect(loader.getByName('dup')?.content).toBe('First.');
    await rm(join(first, 'dup'), { recursive: true });
    const uncovered = await changes.next((c) => c.cause === 'uncovered');
    expect(uncovered).toMatchObject({ name: 'dup', type: 'upsert' });
    expect(loader.getByName('dup')?.content).toBe('Second.');
    await mkdir(join(first, 'dup'));
    await replaceFile(join(first, 'dup/SKILL.md'), text('dup', 'First again.'));
    await changes.next((c) => c.type === 'upsert' && c.skill?.content === 'First again.');
    expect(loader.getByName('dup')?.path).toBe(`${first}/dup/SKILL.md`);
    loader.close();
    for (const source of sources) source.close?.();
  });
});

describe('pluginSource({ watch: true })', () => {
  it('changes every skill that can read a changed shared file, and no other', async () => {
    const root = await tempTree(PLUGIN_FIXTURE);
    const source = pluginSource(root, { watch: true, watchDebounceMs: 20 });
    const loader = await watched(source);
    const changes = changesOf(loader);
    const review = loader.getByName('contract-review');
    await replaceFile(join(root, 'finance/shared/util.py'), 'def npv():\n    return 0\n');
    await Promise.all([changes.next((c) => c.name === 'dcf-model-builder'), changes.next((c) => c.name === 'cim-builder')]);
    await loader.settled();
    expect(loader.getByName('contract-review')).toBe(review);
    expect(await loader.readFile('cim-builder', '../../shared/util.py')).toContain('return 0');
    loader.close();
    source.close?.();
  });
});

describe('a set read by loadSkills', () => {
  it('is pinned: later changes on disk never reach it', async () => {
    const root = await tempTree({ 'alpha/SKILL.md': text('alpha'), 'alpha/notes.md': 'first' });
    const set = await loadSkills(root);
    await writeFile(join(root, 'alpha/notes.md'), 'second');
    await rm(join(root, 'alpha/SKILL.md'));
    expect(set.readFile('alpha', 'notes.md')).toBe('first');
    expect(set.skills.map((s) => s.name)).toEqual(['alpha']);
  });
});
