// A catalog fitted to a byte budget: whole, then shortened at a word, then names alone, then counted; never over, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineSkill, type Skill } from '../../src/index.js';
import { fitCatalog, type CatalogFit, type CatalogPlan } from '../../src/agent/catalog/budget.js';
import { shortenDescription } from '../../src/agent/catalog/shorten.js';
import { escapeXml } from '../../src/agent/catalog/entries.js';

const bytes = (text: string): number => new TextEncoder().encode(text).byteLength;
const skill = (name: string, description: string): Skill => defineSkill({ name, description, instructions: 'Do it.' });
const plan = (ranked: Skill[], activated: Skill[] = [], loaded: CatalogPlan['loaded'] = []): CatalogPlan => ({ loaded, activated, ranked });
const forms = (fit: CatalogFit): Record<string, string> => Object.fromEntries(fit.entries.map((e) => [e.name, e.form]));

const long = (i: number): Skill => skill(`skill-${i}`, `Handles task number ${i} for the team: ${'careful detailed words '.repeat(6)}end.`);
const skills = Array.from({ length: 30 }, (_, i) => long(i));

describe('shortenDescription', () => {
  it('cuts at a word boundary, marks the cut and drops the punctuation before it', () => {
    expect(shortenDescription('Fill PDF forms, for customers.', 18, (t) => t)).toBe('Fill PDF forms…');
    expect(shortenDescription('Fill PDF forms, for customers.', 17, (t) => t)).toBe('Fill PDF…');
    expect(shortenDescription('Fill PDF forms.', 100, (t) => t)).toBe('Fill PDF forms.');
    expect(shortenDescription('Supercalifragilistic words', 8, (t) => t)).toBeUndefined();
  });

  it('counts the escaped bytes, so an XML entry stays within its cap', () => {
    const cut = shortenDescription('Tom & Jerry <3 cheese a lot', 20, escapeXml) as string;
    expect(bytes(escapeXml(cut))).toBeLessThanOrEqual(20);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('fitCatalog', () => {
  it('lists every skill whole when it fits, with no note and no last line', () => {
    const fit = fitCatalog(plan(skills.slice(0, 3)), 100_000);
    expect(Object.values(forms(fit))).toEqual(['whole', 'whole', 'whole']);
    expect(fit.unlisted).toEqual([]);
    expect(fit.text).not.toContain('skills.search');
    expect(fit.text).not.toContain('shortened');
  });

  it('shortens descriptions to one length before it leaves any skill out, keeping the activated whole', () => {
    const whole = fitCatalog(plan(skills), 1_000_000).bytes;
    const fit = fitCatalog(plan(skills.slice(1), [skills[0] as Skill]), Math.floor(whole * 0.7));
    expect(fit.unlisted).toEqual([]);
    expect(forms(fit)['skill-0']).toBe('whole');
    expect(fit.entries.slice(1).every((e) => e.form === 'shortened')).toBe(true);
    expect(fit.text).toMatch(/^- skill-1: Handles task number 1 for the team: careful .*…$/m);
    expect(fit.text).toContain('A description ending in … is shortened');
    expect(fit.bytes).toBeLessThanOrEqual(Math.floor(whole * 0.7));
  });

  it('then lists names alone in rank order, and counts the rest on a last line naming skills.search', () => {
    const fit = fitCatalog(plan(skills.slice(1), [skills[0] as Skill]), 800);
    expect(fit.entries[0]).toEqual({ name: 'skill-0', form: 'whole' });
    expect(fit.entries.slice(1).every((e) => e.form === 'name')).toBe(true);
    expect(fit.entries.slice(1).map((e) => e.name)).toEqual(skills.slice(1, fit.entries.length).map((s) => s.name));
    expect(fit.unlisted.length).toBe(30 - fit.entries.length);
    expect(fit.text.split('\n').at(-1)).toBe(`${fit.unlisted.length} more skills are not listed; the \`skills.search\` tool finds them.`);
    expect(fit.text).toContain('call the `skills.search` tool');
    expect(fitCatalog(plan(skills), 700, { toolNames: 'provider' }).text).toContain('`skills_search`');
  });

  it('lets a long name give way to shorter ones after it', () => {
    const longName = skill(`b-${'b'.repeat(60)}`, 'A skill with a long name.');
    const fit = fitCatalog(plan([skills[0] as Skill, longName, ...skills.slice(1)]), 660);
    expect(fit.unlisted).toContain(longName.name);
    expect(fit.entries.map((e) => e.name)).toContain('skill-1');
  });

  it('marks loaded skills by digest, and a changed one so', () => {
    const [a, b] = skills as [Skill, Skill];
    const fit = fitCatalog(
      plan(
        skills.slice(2),
        [],
        [
          { skill: a, changed: false },
          { skill: b, changed: true },
        ],
      ),
      100_000,
    );
    expect(fit.text).toContain(`- skill-0: loaded (${a.digest.slice(0, 19)})\n`);
    expect(fit.text).toContain(`- skill-1: loaded (${b.digest.slice(0, 19)}), changed since: load it again\n`);
    expect(fit.text).toContain('Skills marked loaded are already loaded');
    const xml = fitCatalog(plan([], [], [{ skill: b, changed: true }]), 100_000, { format: 'xml' }).text;
    expect(xml).toContain(`  <skill><name>skill-1</name><loaded changed="true">${b.digest.slice(0, 19)}</loaded></skill>\n`);
  });

  it('is one line per entry in XML too, escaped, and within the budget', () => {
    const tricky = skill('tricky', `Use for <script> & 'quotes' ${'and more words '.repeat(30)}`);
    const fit = fitCatalog(plan([tricky, ...skills]), 1400, { format: 'xml' });
    expect(fit.bytes).toBeLessThanOrEqual(1400);
    for (const line of fit.text.split('\n').filter((l) => l.startsWith('  <skill>')))
      expect(line).toMatch(/^ {2}<skill><name>[^<]+<\/name>(<description>[^<]*<\/description>)?<\/skill>$/);
    expect(fit.text).not.toContain('<script>');
  });

  it('gives the last line alone when the paragraph does not fit, and nothing when that does not either', () => {
    expect(fitCatalog(plan(skills), 120).text).toBe('30 more skills are not listed; the `skills.search` tool finds them.');
    expect(fitCatalog(plan(skills), 10).text).toBe('');
    expect(fitCatalog(plan([]), 10_000).text).toBe('');
  });

  it('never passes its budget nor throws, for any skills and any budget (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', ' ', '&', '<', '語', '😀', '\n', 'word'), maxLength: 300 });
    const skills = fc.uniqueArray(fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9-]{0,40}$/), description: text }), {
      selector: (s) => s.name,
      maxLength: 40,
    });
    fc.assert(
      fc.property(skills, fc.nat(12_000), fc.nat(5), fc.constantFrom('markdown' as const, 'xml' as const), (list, budget, split, format) => {
        const made = list.map((s) => skill(s.name, s.description.trim() === '' ? 'Something.' : s.description));
        const marks = made.slice(0, split % 2).map((s) => ({ skill: s, changed: split > 2 }));
        const fit = fitCatalog(plan(made.slice(split), made.slice(split % 2, split), marks), budget, { format });
        expect(fit.bytes).toBe(bytes(fit.text));
        expect(fit.bytes).toBeLessThanOrEqual(budget);
        const listed = new Set(fit.entries.map((e) => e.name));
        for (const name of fit.unlisted) expect(listed.has(name)).toBe(false);
        // Before any skill is left out, every other one is down to its name.
        if (fit.unlisted.length > 0) {
          const others = new Set(made.slice(split).map((s) => s.name));
          for (const e of fit.entries) if (others.has(e.name)) expect(e.form).toBe('name');
        }
      }),
      { numRuns: 300 },
    );
  });
});
