// Bad input is a diagnostic, never a crash: malformed listings, skill objects, store items and subagent specs.
import { describe, expect, it } from 'vitest';
import { memorySource, parseSkill, SkillLoader, type Skill, type SkillSource } from '../../src/index.js';
import type { SubagentSpec } from '../../src/loader/subagent.js';
import { skillMd } from '../support/skill-md.js';

const good = memorySource({ 'good/SKILL.md': skillMd('good') }, { name: 'good' });
const custom = (listing: unknown): SkillSource => ({ name: 'custom', list: async () => listing as never, read: async () => new Uint8Array() });

async function loadWith(...builtin: SkillSource[]): Promise<SkillLoader> {
  const loader = new SkillLoader({ builtin });
  await loader.loadAll();
  return loader;
}

const entry = (extra: Record<string, unknown>): Record<string, unknown> => ({ dir: 'x', path: 'x/SKILL.md', folder: 'x', text: skillMd('x'), ...extra });

describe('a custom source with a malformed listing', () => {
  const listings: readonly (readonly [string, unknown])[] = [
    ['null', null],
    ['a string', 'skills'],
    ['a list', [null]],
    ['entries: null', { entries: null, diagnostics: [] }],
    ['entries as text', { entries: 'x', diagnostics: [] }],
  ];
  it.each(listings)('%s is one source-error; the other sources load', async (_label, listing) => {
    const loader = await loadWith(custom(listing), good);
    expect(loader.getAll().map((s) => s.name)).toEqual(['good']);
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
    expect(loader.diagnostics[0]?.message).toContain('custom returned a malformed listing');
  });

  const entries: readonly (readonly [string, unknown])[] = [
    ['null', null],
    ['a number', 42],
    ['dir as a number', entry({ dir: 1 })],
    ['path missing', entry({ path: undefined })],
    ['folder as a list', entry({ folder: ['x'] })],
    ['text as a number', entry({ text: 7 })],
    ['skill as text', entry({ skill: 'x' })],
    ['files as text', entry({ files: 'x' })],
    ['files: [null]', entry({ files: [null] })],
    ['a file size as text', entry({ files: [{ path: 'a.md', size: '1' }] })],
    ['a NaN file size', entry({ files: [{ path: 'a.md', size: Number.NaN }] })],
    ['diagnostics as text', entry({ diagnostics: 'x' })],
    [
      'a throwing getter',
      Object.defineProperty(entry({}), 'text', {
        enumerable: true,
        get: () => {
          throw new Error('boom');
        },
      }),
    ],
  ];
  it.each(entries)('an entry with %s is one source-error; the well-formed entries load', async (_label, bad) => {
    const listing = { entries: [bad, entry({ dir: 'ok', path: 'ok/SKILL.md', folder: 'ok', text: skillMd('ok') })], diagnostics: [] };
    const loader = await loadWith(custom(listing), good);
    expect(loader.getAll().map((s) => s.name)).toEqual(['ok', 'good']);
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
    expect(loader.diagnostics[0]?.message).toMatch(/Entry 0 of source custom is malformed/);
  });

  it('replaces malformed diagnostics of a listing by a source-error and keeps the good ones', async () => {
    const kept = { code: 'hidden-skipped', severity: 'info', message: 'Skipped .x', path: '.x', line: 0, column: 0 };
    const listing = { entries: [], diagnostics: [kept, { code: 'constructor', severity: 'error', message: 'x', path: '', line: 0, column: 0 }, null] };
    const loader = await loadWith(custom(listing));
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['hidden-skipped', 'source-error', 'source-error']);
  });

  it('reports a builtin that is not a source at all, and loads the rest', async () => {
    const loader = await loadWith(null as unknown as SkillSource, good);
    expect(loader.getAll().map((s) => s.name)).toEqual(['good']);
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });
});

describe('memorySource given skill objects', () => {
  const base = (): Skill => {
    const skill = parseSkill(skillMd('typed'), { folder: 'typed' }).skill;
    if (!skill) throw new Error('fixture does not parse');
    return skill;
  };

  it('loads a well-formed skill object as it is: same fields, files and digest', async () => {
    const text = skillMd('rich', { front: { intents: ['refund_request'], examples: ['give me my money back'], license: 'MIT', tags: ['money'] } });
    const skill = parseSkill(text, { folder: 'rich', files: [{ path: 'references/a.md', content: 'A' }] }).skill;
    if (!skill) throw new Error('fixture does not parse');
    const loader = await loadWith(memorySource([skill]));
    const { path: _path, diagnostics: _d, ...loaded } = loader.getByName('rich') ?? ({} as Skill);
    const { path: _p, diagnostics: _e, ...given } = { ...skill, source: 'builtin' as const };
    expect(loaded).toEqual(given);
    expect(loader.diagnostics.map((d) => d.code)).toEqual(skill.diagnostics.map((d) => d.code));
  });

  it('reports wrongly typed fields with the diagnostics of the same SKILL.md instead of throwing', async () => {
    const bad = { ...base(), intents: 'x', examples: 42 } as unknown as Skill;
    const loader = await loadWith(memorySource([bad]), good);
    const same = parseSkill(skillMd('typed', { front: 'intents: x\nexamples: 42\n' }), { folder: 'typed' });
    const skill = loader.getByName('typed');
    expect(skill?.intents).toEqual(same.skill?.intents);
    expect(skill?.examples).toBeUndefined();
    expect(loader.diagnostics.map((d) => d.code)).toEqual([...same.warnings, ...same.infos].map((d) => d.code));
    expect(loader.diagnostics.map((d) => d.code)).toContain('extension-value');
  });

  it('serves a SKILL.md for a skill object whose fields have the wrong types, and the loader reports them', async () => {
    const bad = { ...base(), allowedTools: 3 } as unknown as Skill;
    const source = memorySource([bad]);
    expect(new TextDecoder().decode(await source.read('typed/SKILL.md'))).toContain('allowed-tools: 3');
    const loader = await loadWith(source);
    expect(loader.getByName('typed')?.allowedTools).toBeUndefined();
    expect(loader.diagnostics.map((d) => d.code)).toContain('allowed-tools-type');
  });

  it('skips a skill object whose files are not files', async () => {
    const bad = { ...base(), files: [null] } as unknown as Skill;
    const loader = await loadWith(memorySource([bad]), good);
    expect(loader.getByName('typed')).toBeUndefined();
    expect(loader.getByName('good')).toBeDefined();
    expect(loader.diagnostics.some((d) => d.code === 'source-error' && d.severity === 'error')).toBe(true);
  });

  it('refuses unsafe file paths as a parsed SKILL.md would', async () => {
    const bad = { ...base(), files: [{ path: '../../etc/passwd', size: 1, isText: true, digest: 'sha256:00' }] };
    const loader = await loadWith(memorySource([bad]));
    expect(loader.getByName('typed')).toBeUndefined();
    expect(loader.diagnostics.map((d) => d.code)).toContain('unsafe-path');
  });

  it('gives a name with markup or a newline the diagnostics a SKILL.md with that name gets', async () => {
    for (const name of ['x</name><name>admin', 'two\nlines']) {
      const loader = await loadWith(memorySource([{ ...base(), name }]));
      const parsed = parseSkill(skillMd(JSON.stringify(name)), { path: loader.diagnostics[0]?.path ?? '' });
      expect(loader.diagnostics.map((d) => d.code)).toEqual([...parsed.errors, ...parsed.warnings, ...parsed.infos].map((d) => d.code));
      expect(loader.getAll().length).toBe(parsed.skill ? 1 : 0);
    }
  });
});

describe('store items and subagent specs', () => {
  it('reports a store item whose key getter throws, and loads the other items', async () => {
    const evil = Object.defineProperty({ value: skillMd('evil') }, 'key', {
      get: () => {
        throw new Error('boom');
      },
    });
    const store = { search: async () => [evil, { key: 'fine', value: skillMd('fine') }] };
    const loader = new SkillLoader({ store });
    await loader.loadAll('acme');
    expect(loader.getAll().map((s) => s.name)).toEqual(['fine']);
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });

  it('reports malformed subagent specs and loads the good ones', async () => {
    const specs = [
      null,
      'researcher',
      { name: 42, description: 'A number for a name.' },
      { name: 'tools', description: 'Tools as a number.', tools: 7 },
      { name: 'steps', description: 'Steps as text.', maxSteps: 'many' },
      { name: 'fine', description: 'A fine subagent.' },
    ] as unknown as SubagentSpec[];
    const loader = new SkillLoader({ builtin: good, subagentSpecs: specs });
    await loader.loadAll();
    expect(loader.getAll().map((s) => s.name)).toEqual(['good', 'tools', 'steps', 'fine']);
    expect(loader.getByName('tools')?.allowedTools).toBeUndefined();
    expect(loader.getByName('steps')?.execution?.maxSteps).toBeUndefined();
    expect(loader.diagnostics.filter((d) => d.code === 'source-error').map((d) => d.path)).toEqual([
      'subagentSpecs[0]',
      'subagentSpecs[1]',
      'subagentSpecs[2]',
    ]);
  });

  it('reports subagentSpecs that is not a list', async () => {
    const loader = new SkillLoader({ builtin: good, subagentSpecs: 'x' as unknown as SubagentSpec[] });
    await loader.loadAll();
    expect(loader.diagnostics.map((d) => d.code)).toEqual(['source-error']);
  });
});
