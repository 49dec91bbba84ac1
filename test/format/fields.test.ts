// The Satchel extension fields, their normalization, structured bodies, digests and diagnostic positions.
import { describe, expect, it } from 'vitest';
import { isSkillError, parseSkill, parseSkillFrontmatter, type Diagnostic, type ParseOptions, type Skill } from '../../src/index.js';

const fm = (yaml: string, body = 'Body.') => `---\n${yaml}---\n\n${body}\n`;
const base = 'name: a\ndescription: x\n';
function load(yaml: string, options: ParseOptions = {}, body?: string): Skill {
  const r = parseSkill(fm(yaml, body), { folder: 'a', ...options });
  expect(r.errors).toEqual([]);
  return r.skill as Skill;
}
const where = (d: Diagnostic) => [d.code, d.line, d.column];
const all = (s: Skill) => s.diagnostics.map(where);
const FRONT = (s: Skill) => Object.fromEntries(Object.entries(s).filter(([k]) => !['content', 'source', 'path', 'files', 'digest', 'diagnostics'].includes(k)));

describe('key spellings', () => {
  const kebab = `${base}allowed-tools: Read Grep\ndisallowed-tools: Bash\ntool-mode: none\ndisable-model-invocation: true\nuser-invocable: false\nargument-hint: "[file]"\n`;
  const camel = `${base}allowedTools: Read Grep\ndisallowedTools: Bash\ntoolMode: none\ndisableModelInvocation: true\nuserInvocable: false\nargumentHint: "[file]"\n`;
  it('camelCase and kebab-case keys give the same skill and digest', () => {
    const a = load(kebab);
    const b = load(camel);
    expect(FRONT(a)).toEqual({
      name: 'a',
      description: 'x',
      allowedTools: ['Read', 'Grep'],
      disallowedTools: ['Bash'],
      toolMode: 'none',
      disableModelInvocation: true,
      userInvocable: false,
      argumentHint: '[file]',
      activation: 'auto',
      bodyFormat: 'plain',
    });
    expect(FRONT(b)).toEqual(FRONT(a));
    expect(b.digest).toBe(a.digest);
    expect(a.diagnostics).toEqual([]);
    expect(b.diagnostics).toEqual([]);
  });
  it('reports camelCase keys as extensions in the spec profile', () => {
    const r = parseSkill(fm(`${base}allowedTools: Read\ntoolMode: none\n`), { folder: 'a', profile: 'spec' });
    expect(r.errors.map(where)).toEqual([
      ['extension-field', 4, 1],
      ['extension-field', 5, 1],
    ]);
  });
  it('rejects extension values of the wrong shape with a warning at the key', () => {
    const s = load(`${base}tool-mode: sideways\nuser-invocable: "yes"\nintents: {a: 1}\n`);
    expect(all(s)).toEqual([
      ['extension-value', 4, 1],
      ['extension-value', 6, 1],
      ['extension-value', 5, 1],
    ]);
    expect(s.toolMode).toBeUndefined();
    expect(s.userInvocable).toBeUndefined();
    expect(s.intents).toBeUndefined();
  });
});

describe('allowed-tools', () => {
  it('keeps parenthesized arguments whole and splits on blanks and commas', () => {
    const s = load(`${base}allowed-tools: Read, Grep  Bash(gh issue:*) Bash(git log, git diff),WebFetch\n`);
    expect(s.allowedTools).toEqual(['Read', 'Grep', 'Bash(gh issue:*)', 'Bash(git log, git diff)', 'WebFetch']);
  });
  it('accepts a YAML list (a warning in runtime, an error in spec)', () => {
    const yaml = `${base}allowed-tools:\n  - Read\n  - " Bash(gh issue:*) "\n  - ""\n`;
    const s = load(yaml);
    expect(s.allowedTools).toEqual(['Read', 'Bash(gh issue:*)']);
    expect(all(s)).toEqual([['allowed-tools-format', 4, 1]]);
    expect(parseSkill(fm(yaml), { folder: 'a', profile: 'spec' }).errors.map(where)).toEqual([['allowed-tools-format', 4, 1]]);
  });
  it('refuses other shapes', () => {
    const s = load(`${base}allowed-tools: {Read: true}\n`);
    expect(s.allowedTools).toBeUndefined();
    expect(all(s)).toEqual([['allowed-tools-type', 4, 1]]);
  });
});

describe('activation', () => {
  it('defaults to intent-matched when intents are listed, else auto', () => {
    expect(load(`${base}intents: [billing.refund]\n`).activation).toBe('intent-matched');
    expect(load(`${base}intents: billing.refund\n`).intents).toEqual(['billing.refund']);
    expect(load(base).activation).toBe('auto');
    expect(load(`${base}intents: []\n`).activation).toBe('auto');
    expect(load(`${base}intents: ["  ", ""]\n`)).not.toHaveProperty('intents');
  });
  it('takes an explicit value', () => {
    expect(load(`${base}intents: [a]\nactivation: manual\n`).activation).toBe('manual');
    expect(load(`${base}activation: intent-matched\n`).activation).toBe('intent-matched');
  });
  it('warns on a bad value and uses the default', () => {
    const s = load(`${base}intents: [a]\nactivation: sometimes\n`);
    expect(s.activation).toBe('intent-matched');
    expect(all(s)).toEqual([['extension-value', 5, 1]]);
  });
});

describe('execution', () => {
  it('reads camelCase and kebab-case members', () => {
    expect(load(`${base}execution:\n  maxSteps: 12\n  timeout: 30000\n  canDelegate: true\n`).execution).toEqual({
      maxSteps: 12,
      timeout: 30000,
      canDelegate: true,
    });
    expect(load(`${base}execution:\n  max-steps: 3\n  can-delegate: false\n`).execution).toEqual({ maxSteps: 3, canDelegate: false });
    expect(load(`${base}execution: {timeout: 1.5}\n`).execution).toEqual({ timeout: 1.5 });
  });
  it('drops bad members with a warning at `execution`', () => {
    const s = load(`${base}execution:\n  maxSteps: 1.5\n  timeout: -1\n  canDelegate: "no"\n`);
    expect(s.execution).toEqual({});
    expect(all(s)).toEqual([
      ['extension-value', 4, 1],
      ['extension-value', 4, 1],
      ['extension-value', 4, 1],
    ]);
    expect(load(`${base}execution: {maxSteps: 0}\n`).execution).toEqual({});
    const notMap = load(`${base}execution: fast\n`);
    expect(notMap.execution).toBeUndefined();
    expect(all(notMap)).toEqual([['extension-value', 4, 1]]);
  });
});

describe('metadata, unknown keys and scalar text', () => {
  it('takes tags from metadata.tags, as text or as a list', () => {
    expect(load(`${base}metadata:\n  tags: "pdf, forms ocr"\n`).tags).toEqual(['pdf', 'forms', 'ocr']);
    const list = load(`${base}metadata:\n  tags: [pdf, forms]\n`);
    expect(list.tags).toEqual(['pdf', 'forms']);
    expect(all(list)).toEqual([['metadata-value-type', 5, 3]]);
  });
  it('keeps unknown keys in extensions: an info in runtime, an error in spec', () => {
    const yaml = `${base}x-team: search\nx-owners: [ana, bo]\n`;
    const s = load(yaml);
    expect(s.extensions).toEqual({ 'x-team': 'search', 'x-owners': ['ana', 'bo'] });
    expect(all(s)).toEqual([
      ['unknown-field', 4, 1],
      ['unknown-field', 5, 1],
    ]);
    const spec = parseSkill(fm(yaml), { folder: 'a', profile: 'spec' });
    expect(spec.skill).toBeUndefined();
    expect(spec.errors.map(where)).toEqual([
      ['unknown-field', 4, 1],
      ['unknown-field', 5, 1],
    ]);
  });
  it('keeps scalars as written', () => {
    expect(load(`${base}version: 1.0\n`).version).toBe('1.0');
    expect(load(`${base}version: 1.10\n`).version).toBe('1.10'); // the number would be 1.1
    expect(load(`${base}version: "1.0"\n`).version).toBe('1.0');
    expect(load('name: a\ndescription: 42\n').description).toBe('42');
    expect(load('name: a\ndescription: 1e3\n').description).toBe('1e3');
    expect(load(`${base}license: 2.0\n`).license).toBe('2.0');
  });
  it('locates a metadata diagnostic at the nested key', () => {
    // Line 4 is `metadata:`, line 5 `author`, line 6 `version` (indented two: column 3).
    const s = load(`${base}metadata:\n  author: me\n  version: 1.0\n`);
    expect(s.metadata).toEqual({ author: 'me', version: '1.0' });
    expect(all(s)).toEqual([['metadata-value-type', 6, 3]]);
  });
  it('locates diagnostics after block scalars, in CRLF files and after a BOM', () => {
    const yaml = 'name: b\ndescription: |\n  one\n  two\nactivation: never\n';
    const lf = parseSkill(fm(yaml), { folder: 'a' });
    // name-mismatch at `name` (line 2); extension-value at `activation` (line 2 + 4 = 6).
    expect(lf.warnings.map(where)).toEqual([
      ['name-mismatch', 2, 1],
      ['extension-value', 6, 1],
    ]);
    expect(lf.skill?.description).toBe('one\ntwo');
    const crlf = parseSkill(fm(yaml).replace(/\n/g, '\r\n'), { folder: 'a' });
    expect(crlf.warnings.map(where)).toEqual(lf.warnings.map(where));
    const bom = parseSkill(`\uFEFF${fm(yaml)}`, { folder: 'a' });
    expect(bom.warnings.map(where)).toEqual(lf.warnings.map(where));
    expect(bom.infos.map(where)).toEqual([['bom', 1, 1]]);
  });
});

describe('structured skills', () => {
  const yaml = 'name: report\ndescription: Writes reports.\nmetadata:\n  body-format: structured\n';
  const files = [
    { path: 'sections/workflow.md', content: '# Workflow\n\n1. Draft\n\n```md\n# not a heading\n```\n~~~\n## nor this\n~~~' },
    { path: 'sections/anti-patterns.md', content: new TextEncoder().encode('## Avoid\n###### Six stays six\n#hashtag') },
    { path: 'sections/purpose.md', content: '\n# Purpose\nWhy it exists.\n' },
    { path: 'sections/inputs-outputs.md', content: '   ' },
  ];
  const composed = [
    '# report',
    '## Purpose\nWhy it exists.',
    '## Workflow\n\n1. Draft\n\n```md\n# not a heading\n```\n~~~\n## nor this\n~~~',
    '### Avoid\n###### Six stays six\n#hashtag',
  ].join('\n\n');
  it('composes the sections in the fixed order, headings demoted, fences untouched', () => {
    const r = parseSkill(fm(yaml, ''), { folder: 'report', files });
    expect(r.errors).toEqual([]);
    expect(r.skill?.bodyFormat).toBe('structured');
    expect(r.skill?.content).toBe(composed);
    expect(r.skill?.files.map((f) => f.path)).toEqual([
      'sections/anti-patterns.md',
      'sections/inputs-outputs.md',
      'sections/purpose.md',
      'sections/workflow.md',
    ]);
    expect(r.warnings).toEqual([]);
  });
  it('leaves out an unknown section with a warning', () => {
    const r = parseSkill(fm(yaml, ''), { folder: 'report', files: [...files, { path: 'sections/notes.md', content: '# Notes' }] });
    expect(r.skill?.content).toBe(composed);
    expect(r.warnings.map((d) => d.code)).toEqual(['structured-unknown-section']);
    expect(r.warnings[0]?.message).toContain('sections/notes.md');
  });
  it('ignores a hand-written body that differs, with a warning', () => {
    const differs = parseSkill(fm(yaml, 'Hand-written.'), { folder: 'report', files });
    expect(differs.skill?.content).toBe(composed);
    expect(differs.warnings.map((d) => d.code)).toEqual(['structured-body-ignored']);
    expect(parseSkill(fm(yaml, composed), { folder: 'report', files }).warnings).toEqual([]);
  });
  it('uses the SKILL.md body, with an info, when no sections are given', () => {
    const r = parseSkill(fm(yaml, 'Fallback.'), { folder: 'report' });
    expect(r.skill?.content).toBe('Fallback.');
    expect(r.infos.map((d) => d.code)).toEqual(['structured-no-sections']);
  });
});

describe('parseSkillFrontmatter', () => {
  const text = fm('name: researcher\ndescription: Finds sources.\n');
  it('takes the source and path, and the folder from the path', () => {
    const s = parseSkillFrontmatter(text, 'builtin', './skills/builtin/researcher/SKILL.md');
    expect(s).toMatchObject({ name: 'researcher', source: 'builtin', path: './skills/builtin/researcher/SKILL.md' });
    expect(s.diagnostics).toEqual([]);
    const other = parseSkillFrontmatter(text, 'org', 'skills\\org\\finder\\SKILL.md');
    expect(other.diagnostics.map(where)).toEqual([['name-mismatch', 2, 1]]);
    expect(parseSkillFrontmatter(text, 'user').path).toBeUndefined();
    expect(parseSkillFrontmatter(text, 'user', 'notes.md').diagnostics).toEqual([]);
  });
  it('throws INVALID_SKILL with the diagnostics and their position', () => {
    let error: unknown;
    try {
      parseSkillFrontmatter('---\nname: researcher\n---\n', 'builtin', 'skills/researcher/SKILL.md');
    } catch (e) {
      error = e;
    }
    expect(isSkillError(error) && error.code === 'INVALID_SKILL').toBe(true);
    if (!isSkillError(error)) return;
    expect(error.path).toBe('skills/researcher/SKILL.md');
    expect(error.diagnostics.map((d) => d.code)).toEqual(['description-missing']);
    expect(error.message).toContain('skills/researcher/SKILL.md');
  });
});

describe('digest', () => {
  const yaml = 'name: a\ndescription: Does a.\nmetadata:\n  team: search\n  tier: gold\nversion: "1.0"\n';
  const digest = (y: string, body = 'Body.', options: ParseOptions = {}) => load(y, options, body).digest;
  it('is sha256: and 64 hex digits, the same on every call', () => {
    expect(digest(yaml)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(digest(yaml)).toBe(digest(yaml));
  });
  it('does not depend on key order, quoting, key spelling, source or path', () => {
    const reordered = 'version: "1.0"\nmetadata:\n  tier: gold\n  team: search\ndescription: "Does a."\nname: a\n';
    expect(digest(reordered)).toBe(digest(yaml));
    expect(digest(`${yaml}allowed-tools: Read\n`)).toBe(digest(`${yaml}allowedTools: Read\n`));
    expect(digest(yaml, 'Body.', { source: 'org', path: 'x/a/SKILL.md' })).toBe(digest(yaml));
  });
  it('changes with the body, the front matter and the files', () => {
    const d = digest(yaml);
    expect(digest(yaml, 'Body!')).not.toBe(d);
    expect(digest(yaml.replace('Does a.', 'Does b.'))).not.toBe(d);
    expect(digest(yaml.replace('gold', 'silver'))).not.toBe(d);
    expect(digest(`${yaml}activation: manual\n`)).not.toBe(d);
    const withFile = (content: string) => digest(yaml, 'Body.', { files: [{ path: 'references/a.md', content }] });
    expect(withFile('one')).not.toBe(d);
    expect(withFile('two')).not.toBe(withFile('one'));
    expect(withFile('one')).toBe(withFile('one'));
    expect(digest(yaml, 'Body.', { files: [{ path: 'references/a.md', size: 3, digest: `sha256:${'0'.repeat(64)}` }] })).not.toBe(
      digest(yaml, 'Body.', { files: [{ path: 'references/a.md', size: 3, digest: `sha256:${'1'.repeat(64)}` }] }),
    );
  });
});
