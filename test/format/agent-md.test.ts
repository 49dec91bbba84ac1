// A surface's agent.md, read for its mutability (the MD-first seed's "agent.md declares whether skill changes are
// autonomous, approval-gated, or disabled"), with every other key and the body kept.
import { describe, expect, it } from 'vitest';
import { MUTABILITY_NAMES, parseAgentMd } from '../../src/format/agent-md.js';
import { thrown } from '../support/errors.js';

const seedBlock = '---\nmutability:\n  skills: autonomous\n  automations: disabled\n  externalAccess: disabled\n---\n# Legal\n\nReview contracts.\n';

describe('parseAgentMd', () => {
  it('reads the seed’s block: skills is the policy, the other keys are kept as written', () => {
    const read = parseAgentMd(seedBlock);
    expect(read.skills).toBe('autonomous');
    expect(read.mutability).toEqual({ skills: 'autonomous', automations: 'disabled', externalAccess: 'disabled' });
    expect(read.body).toBe('# Legal\n\nReview contracts.');
  });

  it('takes every policy word, as a block or as the shorthand (`mutability: static`)', () => {
    for (const word of MUTABILITY_NAMES) {
      expect(parseAgentMd(`---\nmutability:\n  skills: ${word}\n---\n`).skills).toBe(word);
      expect(parseAgentMd(`---\nmutability: ${word}\n---\n`)).toMatchObject({ skills: word, mutability: { skills: word } });
    }
  });

  it('declares nothing without front matter, without mutability, or without skills in it; other fields are kept', () => {
    expect(parseAgentMd('# Root agent\n\nBe brief.\n')).toEqual({ mutability: {}, plugins: [], fields: {}, body: '# Root agent\n\nBe brief.' });
    // `plugins` selects published plugins (agent-plugins.test.ts); as a field it is kept as written too.
    const selected = { name: 'corporate-finance', source: 'https://acme.example/index.json', version: '^1.0.0' };
    const plugins = parseAgentMd(`---\nplugins: [${JSON.stringify(selected)}]\n---\nBody.`);
    expect([plugins.skills, plugins.fields]).toEqual([undefined, { plugins: [selected] }]);
    expect(parseAgentMd('---\nmutability:\n  automations: disabled\n---\n').skills).toBeUndefined();
    expect(parseAgentMd(new TextEncoder().encode('\uFEFF---\nmutability: static\n---\n')).skills).toBe('static');
  });

  it('refuses an unknown policy with INVALID_INPUT naming the file, line and column', () => {
    const e = thrown(() => parseAgentMd('---\ntitle: Legal\nmutability:\n  skills: sometimes\n---\n', { path: 'agents/legal/agent.md' }));
    expect([e.code, e.path]).toEqual(['INVALID_INPUT', 'agents/legal/agent.md']);
    expect(e.message).toBe('agents/legal/agent.md:4:3: `mutability.skills` is one of autonomous, approval-gated, disabled, static; got "sometimes".');
    expect(thrown(() => parseAgentMd('---\nmutability: yes please\n---\n')).message).toMatch(/^agent\.md:2:1: `mutability` is one of/);
    expect(thrown(() => parseAgentMd('---\nmutability: [static]\n---\n')).message).toMatch(/^agent\.md:2:1: `mutability` is a mapping/);
    expect(thrown(() => parseAgentMd('---\nmutability:\n  skills: 3\n---\n')).message).toMatch(/got 3\.$/);
  });

  it('refuses a front matter begun and broken, YAML that does not read, a file too large or not UTF-8', () => {
    expect(thrown(() => parseAgentMd('---\nmutability: static\n')).message).toMatch(/^agent\.md:1:1: The front matter opened on line 1 is never closed/);
    expect(thrown(() => parseAgentMd('\n---\nmutability: static\n---\n')).message).toMatch(/^agent\.md:1:1: The front matter must start on line 1/);
    expect(thrown(() => parseAgentMd('---\nmutability: static\nmutability: autonomous\n---\n')).message).toMatch(
      /^agent\.md:3:1: The front matter is not readable YAML/,
    );
    expect(thrown(() => parseAgentMd('---\n- a list\n---\n')).message).toMatch(/not a mapping/);
    expect(thrown(() => parseAgentMd(`# ${'x'.repeat(100)}`, { maxBytes: 50 })).message).toBe('agent.md: The file is 102 bytes; an agent.md is read up to 50.');
    expect(thrown(() => parseAgentMd(new Uint8Array([0xff, 0xfe, 0x00]))).message).toBe('agent.md: The file is not UTF-8 text.');
  });
});
