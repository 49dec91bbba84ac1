// The catalog: a paragraph, then one entry per model-visible skill; XML on request, escaped; refused over its limit.
import { describe, expect, it } from 'vitest';
import { createSkillSet, defineSkill } from '../../src/index.js';
import { escapeXml } from '../../src/agent/catalog/entries.js';
import { catalogFits, renderCatalog } from '../../src/agent/catalog/render.js';
import { thrown } from '../support/errors.js';

const refunds = defineSkill({ name: 'refunds', description: 'Decide refunds under the store policy.', instructions: 'Decide.' });
const pdf = defineSkill({ name: 'pdf', description: 'Fill PDF forms.\nUse when a customer sends a form.', instructions: 'Fill.' });
const deploy = defineSkill({ name: 'deploy', description: 'Deploy the store.', instructions: 'Deploy.', 'disable-model-invocation': true });
const tricky = defineSkill({ name: 'tricky', description: `Use for <script>alert("x")</script> & 'quotes'.`, instructions: 'Careful.' });

describe('catalog()', () => {
  it('is a short paragraph, then one line per skill, in set order', () => {
    const catalog = createSkillSet([refunds, pdf]).catalog();
    const [heading, paragraph, list, ...rest] = catalog.split('\n\n');
    expect(heading).toBe('## Skills');
    expect(paragraph).toContain('`skills.load`');
    expect(paragraph).toContain('`skills.read`');
    expect(list).toBe('- refunds: Decide refunds under the store policy.\n- pdf: Fill PDF forms. Use when a customer sends a form.');
    expect(rest).toEqual([]);
  });

  it('leaves out skills with disable-model-invocation', () => {
    const catalog = createSkillSet([refunds, deploy]).catalog();
    expect(catalog).toContain('- refunds:');
    expect(catalog).not.toContain('deploy');
  });

  it('is empty with no skill visible to the model', () => {
    expect(createSkillSet([]).catalog()).toBe('');
    expect(createSkillSet([deploy]).catalog()).toBe('');
    expect(createSkillSet([deploy]).catalog({ format: 'xml' })).toBe('');
  });

  it('gives the <available_skills> XML form on request, one skill per line, every value escaped', () => {
    const catalog = createSkillSet([refunds, tricky]).catalog({ format: 'xml' });
    expect(catalog).toMatch(/^Skills are folders/);
    expect(catalog.slice(catalog.indexOf('<available_skills>'))).toBe(
      [
        '<available_skills>',
        '  <skill><name>refunds</name><description>Decide refunds under the store policy.</description></skill>',
        '  <skill><name>tricky</name><description>Use for &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;.</description></skill>',
        '</available_skills>',
      ].join('\n'),
    );
  });

  it('names the tools as providers do on request', () => {
    const catalog = createSkillSet([refunds]).catalog({ toolNames: 'provider' });
    expect(catalog).toContain('`skills_load`');
    expect(catalog).toContain('`skills_read`');
    expect(catalog).not.toContain('skills.load');
  });

  it('refuses a catalog over its limit with LIMIT_EXCEEDED, never cut', () => {
    const text = renderCatalog([refunds, pdf], 100_000);
    const size = new TextEncoder().encode(text).byteLength;
    expect(renderCatalog([refunds, pdf], size)).toBe(text);
    const error = thrown(() => renderCatalog([refunds, pdf], size - 1));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toContain(`is ${size} bytes, more than maxCatalogBytes (${size - 1})`);
  });

  it('refuses a catalog over a smaller maxBytes too: a set is never cut', () => {
    const set = createSkillSet([refunds, pdf]);
    const size = new TextEncoder().encode(set.catalog()).byteLength;
    expect(set.catalog({ maxBytes: size })).toBe(set.catalog());
    expect(thrown(() => set.catalog({ maxBytes: size - 1 })).code).toBe('LIMIT_EXCEEDED');
    expect(set.catalog({ maxBytes: 10 * 1024 * 1024 })).toBe(set.catalog()); // the set's own limit still holds
  });

  it('refuses an XML form that is over the limit when asked for it', () => {
    const set = createSkillSet([tricky], { maxCatalogBytes: 500 });
    expect(set.catalog()).toContain('tricky');
    expect(thrown(() => set.catalog({ format: 'xml' })).code).toBe('LIMIT_EXCEEDED');
  });
});

describe('escapeXml', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
  });
});

describe('catalogFits', () => {
  it('agrees with renderCatalog at the exact limit, in both forms', () => {
    for (const format of ['markdown', 'xml'] as const) {
      const size = new TextEncoder().encode(renderCatalog([refunds, pdf, tricky], 100_000, { format })).byteLength;
      expect(catalogFits([refunds, pdf, tricky], size, { format })).toBe(true);
      expect(catalogFits([refunds, pdf, tricky], size - 1, { format })).toBe(false);
    }
    expect(catalogFits([deploy], 0)).toBe(true);
  });
});
