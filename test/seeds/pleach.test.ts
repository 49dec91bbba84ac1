// The pleach seed (shared/seeds/skills-pleach-loader.md): its code samples, with `@pleach/core/skills` read as
// `satchel/node`. Only the agent around them (the system prompt, the delegation) and the store are stubbed.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SkillLoader, parseSkillFrontmatter } from '../../src/node/index.js';
import type { Skill, SkillFrontmatter } from '../../src/node/index.js';
import { SkillLoader as CoreSkillLoader, type SkillStoreLike } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';
import { workingTree } from '../support/working-tree.js';

// "SKILL.md format", as shown. The page lost the indentation of `execution:`'s keys; they are restored here
// (see the verbatim test below and docs/seeds.md).
const VENDOR_EVALUATION_MD = `---
name: vendor-evaluation
description: Score vendors against a fixed rubric.
version: 1.0.0
author: ops@example.com
allowed-tools:
- search_web
- fetch_url
intents:
- vendor_evaluation
- rfp_scoring
activation: intent-matched
execution:
  maxSteps: 8
  timeout: 180000
---
You are a vendor-evaluation agent. Score each candidate against the
fixed rubric in the user's request. Cite every claim with the URL
you pulled it from.
`;
const AS_RENDERED = VENDOR_EVALUATION_MD.replace('  maxSteps: 8\n  timeout: 180000', 'maxSteps: 8\ntimeout: 180000');

const RESEARCHER_MD = skillMd('researcher', {
  description: 'Fan out searches.',
  front: { activation: 'manual', 'allowed-tools': ['search_corpus', 'search_news'] },
});

workingTree('satchel-seed-pleach-', {
  'skills/builtin/vendor-evaluation/SKILL.md': VENDOR_EVALUATION_MD,
  'skills/parsed/researcher/SKILL.md': RESEARCHER_MD,
});

// --- Outside Satchel: the store (anything with `search`), the prompt, the delegation.
const orgId = 'acme';
const userId = 'ada';
const store: SkillStoreLike = {
  async search(namespace) {
    const key = namespace.join('/');
    if (key === 'acme/skills') return [{ key: 'rfp-drafting', value: skillMd('rfp-drafting', { front: 'intents: [rfp_scoring]\n' }) }];
    if (key === 'acme/ada/skills')
      return [{ key: 'vendor-evaluation', value: skillMd('vendor-evaluation', { description: 'A user copy, shadowed by the builtin.' }) }];
    return [];
  },
};
const parts: string[] = [];
const systemPrompt = { append: (text: string): void => void parts.push(text) };
const delegated: Skill[] = [];
const delegateToSubagent = async (skill: Skill): Promise<void> => void delegated.push(skill);

afterEach(() => vi.restoreAllMocks());

describe('pleach seed', () => {
  it('the loader: builtin from skills/builtin, then the store, then subagent specs; lookups from the cache', async () => {
    const loader = new SkillLoader({
      store, // anything implementing { search }
      subagentSpecs: [
        {
          name: 'researcher',
          description: 'Fan out searches.',
          tools: ['search_corpus', 'search_news'],
          maxSteps: 5,
          timeout: 120_000,
          systemPromptSuffix: 'You are a research subagent.',
        },
      ],
    });
    await loader.loadAll(orgId, userId);

    expect(loader).toBeInstanceOf(CoreSkillLoader);
    expect(loader.getAll().map((s) => [s.name, s.source])).toEqual([
      ['vendor-evaluation', 'builtin'],
      ['rfp-drafting', 'org'],
      ['researcher', 'builtin'],
    ]);
    expect(loader.size).toBe(3);
    expect(loader.diagnostics.filter((d) => d.code === 'shadowed').map((d) => d.path)).toEqual(['acme/ada/skills/vendor-evaluation/SKILL.md']);

    // "Lookups", verbatim.
    await loader.loadAll(orgId, userId);
    const matched = loader.getByIntent('vendor_evaluation');
    for (const skill of matched) {
      systemPrompt.append(skill.content);
    }
    const fallback = loader.getByName('researcher');
    if (fallback) await delegateToSubagent(fallback);

    expect(parts).toEqual([VENDOR_EVALUATION_MD.slice(VENDOR_EVALUATION_MD.indexOf('You are')).trim()]);
    expect(delegated.map((s) => [s.name, s.activation, s.allowedTools, s.execution, s.content])).toEqual([
      ['researcher', 'manual', ['search_corpus', 'search_news'], { maxSteps: 5, timeout: 120_000 }, 'You are a research subagent.'],
    ]);
    // `manual` skills only by name; `getByIntent` covers auto and intent-matched.
    expect(loader.getByIntent('researcher')).toEqual([]);
    expect(loader.getByIntent('rfp_scoring').map((s) => s.name)).toEqual(['vendor-evaluation', 'rfp-drafting']);
  });

  it('the Skill shape of the SKILL.md format sample', async () => {
    const loader = new SkillLoader();
    await loader.loadAll();
    const skill: Skill | undefined = loader.getByName('vendor-evaluation');
    expect(skill).toMatchObject({
      name: 'vendor-evaluation',
      description: 'Score vendors against a fixed rubric.',
      version: '1.0.0',
      author: 'ops@example.com',
      allowedTools: ['search_web', 'fetch_url'],
      intents: ['vendor_evaluation', 'rfp_scoring'],
      activation: 'intent-matched',
      execution: { maxSteps: 8, timeout: 180000 },
      source: 'builtin',
      path: 'skills/builtin/vendor-evaluation/SKILL.md',
    });
    // The browser entry's loader never reads the disk, even with skills/builtin in the working folder.
    expect(await new CoreSkillLoader().loadAll()).toEqual([]);
    // As rendered on the page, `execution:` is empty and its keys are top-level: the skill still loads.
    const rendered = parseSkillFrontmatter(AS_RENDERED, 'builtin');
    expect(rendered.execution).toBeUndefined();
    expect(rendered.extensions).toEqual({ maxSteps: 8, timeout: 180000 });
    expect(rendered.diagnostics.map((d) => d.code)).toEqual(['allowed-tools-format', 'extension-value', 'unknown-field', 'unknown-field']);
  });

  it('a direct parse, no loader involved', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const raw = await readFile('./skills/parsed/researcher/SKILL.md', 'utf-8');
    const skill = parseSkillFrontmatter(raw, 'builtin', './skills/parsed/researcher/SKILL.md');
    console.log(skill.name, skill.activation, skill.allowedTools);
    expect(log).toHaveBeenCalledWith('researcher', 'manual', ['search_corpus', 'search_news']);
    expect(skill.path).toBe('./skills/parsed/researcher/SKILL.md');
  });

  it('SkillFrontmatter types the front matter a SKILL.md is written with', () => {
    const front: SkillFrontmatter = {
      name: 'vendor-evaluation',
      description: 'Score vendors.',
      'allowed-tools': ['search_web'],
      activation: 'intent-matched',
      execution: { maxSteps: 8 },
    };
    const text = `---\n${Object.entries(front)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join('\n')}\n---\nScore.\n`;
    expect(parseSkillFrontmatter(text, 'org')).toMatchObject({ name: 'vendor-evaluation', allowedTools: ['search_web'], execution: { maxSteps: 8 } });
  });
});
