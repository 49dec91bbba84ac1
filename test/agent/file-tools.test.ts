// skills.list and skills.grep: listing under a folder, bounded search, literal and linear-time patterns, binaries never searched.
import { describe, expect, it } from 'vitest';
import {
  createSkillSet,
  defineSkill,
  LIMITS,
  memoryPluginSource,
  runTool,
  SKILL_TOOLS,
  SkillLoader,
  toOpenAITool,
  type GrepResult,
  type ListFilesResult,
  type LoadedSkill,
  type SkillTool,
} from '../../src/index.js';
import { rejected } from '../support/errors.js';
import { PLUGIN_FIXTURE } from '../support/plugin-tree.js';

const manyLines = Array.from({ length: 300 }, (_, i) => `line ${i} mentions refund`).join('\n');
const refunds = defineSkill({
  name: 'refunds',
  description: 'Decide refunds under the store policy.',
  instructions: 'Read references/policy.md first.',
  files: {
    'references/policy.md': 'Refunds up to 50 EUR are automatic.\nAbove that, ask a manager.\n',
    'references/faq.md': 'Q: Can I get a REFUND?\nA: Yes.\n',
    'references/many.md': manyLines,
    'scripts/check.py': 'def check(amount):\n    return amount <= 50\n',
    'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]),
  },
});
const set = createSkillSet([refunds]);
const [list, grep] = set.fileTools as [SkillTool<ListFilesResult>, SkillTool<GrepResult>];

describe('skills.list', () => {
  it('is a read-only tool of the family, with its own grants', () => {
    expect(list).toMatchObject({ id: 'skills.list', effects: 'none', cost: 0, version: set.digest, grants: ['tool:skills.list', 'skills:read'] });
    expect(grep).toMatchObject({ id: 'skills.grep', grants: ['tool:skills.grep', 'skills:read'] });
    expect(SKILL_TOOLS.filePermissions).toEqual(['tool:skills.list', 'tool:skills.grep', 'skills:read']);
    expect(toOpenAITool(grep).function.name).toBe('skills_grep');
  });

  it('lists the files under a folder with sizes and content types, never contents', async () => {
    const result = await list.run({ name: 'refunds', path: 'references/' });
    expect(result.files.map((f) => [f.path, f.contentType])).toEqual([
      ['references/faq.md', 'text/markdown'],
      ['references/many.md', 'text/markdown'],
      ['references/policy.md', 'text/markdown'],
    ]);
    expect(JSON.stringify(result)).not.toContain('automatic');
    expect((await list.run({ name: 'refunds' })).files).toHaveLength(5);
  });

  it('refuses a folder that climbs out, and says when a folder holds nothing', async () => {
    expect((await rejected(list.run({ name: 'refunds', path: '../other' }))).code).toBe('UNSAFE_PATH');
    expect((await rejected(list.run({ name: 'refunds', path: 'missing' }))).code).toBe('NOT_FOUND');
    expect((await rejected(list.run({ name: 'nope' }))).code).toBe('NOT_FOUND');
  });

  it('runs under its grants only', async () => {
    expect((await rejected(runTool(list, { name: 'refunds' }, { grants: ['skills:read'] }))).code).toBe('PERMISSION_DENIED');
    expect((await runTool(list, { name: 'refunds' }, { grants: SKILL_TOOLS.filePermissions })).name).toBe('refunds');
  });
});

describe('skills.grep', () => {
  it('finds literal text with path and line number, never in binary files', async () => {
    const result = await grep.run({ name: 'refunds', pattern: 'manager' });
    expect(result.matches).toEqual([{ path: 'references/policy.md', line: 2, text: 'Above that, ask a manager.' }]);
    expect(result.binarySkipped).toBe(1);
    expect(result.truncated).toBe(false);
    expect((await grep.run({ name: 'refunds', pattern: '\x89PNG' })).matches).toEqual([]);
  });

  it('takes regex metacharacters literally by default, and ignores case on request', async () => {
    expect((await grep.run({ name: 'refunds', pattern: 'amount <= 50' })).matches.map((m) => m.line)).toEqual([2]);
    expect((await grep.run({ name: 'refunds', pattern: '(amount)' })).matches.map((m) => m.line)).toEqual([1]);
    expect((await grep.run({ name: 'refunds', pattern: 'refund?', path: 'references' })).matches).toHaveLength(0);
    expect((await grep.run({ name: 'refunds', pattern: 'refund?', path: 'references', ignoreCase: true })).matches.map((m) => m.path)).toEqual([
      'references/faq.md',
    ]);
  });

  it('runs regular expressions, within a folder', async () => {
    const result = await grep.run({ name: 'refunds', pattern: '^def \\w+\\(', regex: true, path: 'scripts' });
    expect(result.matches).toEqual([{ path: 'scripts/check.py', line: 1, text: 'def check(amount):' }]);
    expect((await grep.run({ name: 'refunds', pattern: 'up to \\d+ (EUR|USD)', regex: true })).matches).toHaveLength(1);
  });

  it('stops at the match bound and says so', async () => {
    const result = await grep.run({ name: 'refunds', pattern: 'mentions', path: 'references' });
    expect(result.matches).toHaveLength(LIMITS.grep.maxMatches);
    expect(result.truncated).toBe(true);
  });

  it('refuses patterns that cannot run in linear time, and bad input', async () => {
    expect((await rejected(grep.run({ name: 'refunds', pattern: '(a)\\1', regex: true }))).code).toBe('INVALID_INPUT');
    expect((await rejected(grep.run({ name: 'refunds', pattern: '(?=a)', regex: true }))).code).toBe('INVALID_INPUT');
    expect((await rejected(grep.run({ name: 'refunds', pattern: '' }))).code).toBe('INVALID_INPUT');
    expect((await rejected(grep.run({ name: 'refunds', pattern: 'x', regex: 'yes' }))).code).toBe('INVALID_INPUT');
    expect((await rejected(grep.run({ name: 'refunds', pattern: 'x'.repeat(LIMITS.grep.maxPatternLength + 1) }))).code).toBe('INVALID_INPUT');
  });

  it('answers a catastrophic pattern on a long line without backtracking', async () => {
    const long = defineSkill({ name: 'long', description: 'A skill with one long line of a.', instructions: 'x', files: { 'a.txt': `${'a'.repeat(5000)}!` } });
    const [, g] = createSkillSet([long]).fileTools as [unknown, SkillTool<GrepResult>];
    expect((await g.run({ name: 'long', pattern: '(a+)+$', regex: true })).matches).toHaveLength(0);
    expect((await g.run({ name: 'long', pattern: '(a|aa)*!', regex: true })).matches).toHaveLength(1);
  });
});

describe('plugin skills through the loader', () => {
  it('load with their canonical path and bundle, and list and search the shared files', async () => {
    const loader = new SkillLoader({ builtin: memoryPluginSource(PLUGIN_FIXTURE) });
    await loader.loadAll();
    const load = loader.tools[0] as SkillTool<LoadedSkill>;
    const loaded = await load.run({ name: 'dcf-model-builder' });
    expect(loaded.path).toBe('/skills/corporate-finance/skills/dcf-model-builder/SKILL.md');
    expect(loaded.bundle).toEqual({ name: 'corporate-finance', version: '1.2.0' });
    expect(loaded.files.find((f) => f.path === '../../shared/util.py')?.contentType).toBe('text/x-python');
    const [l, g] = loader.fileTools as [SkillTool<ListFilesResult>, SkillTool<GrepResult>];
    expect((await l.run({ name: 'dcf-model-builder', path: '../../shared' })).files.map((f) => f.path)).toEqual(['../../shared/util.py']);
    expect((await g.run({ name: 'dcf-model-builder', pattern: 'def npv' })).matches).toEqual([
      { path: '../../shared/util.py', line: 1, text: 'def npv(rate, flows):' },
    ]);
    expect((await g.run({ name: 'dcf-model-builder', pattern: 'Only cim-builder' })).matches).toEqual([]);
  });
});
