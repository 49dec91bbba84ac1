// The agent integration in a real browser (Chromium via vitest browser mode): defineSkill, a set, its catalog and
// tools, and a loader's skills.read over a bundle, all synchronous hashing and no Node API.
import { describe, expect, it } from 'vitest';
import {
  bundleSource,
  createSkillSet,
  defineSkill,
  runTool,
  SkillLoader,
  toAnthropicTool,
  withSkills,
  type LoadedSkill,
  type ReadFileResult,
  type SkillBundle,
  type SkillTool,
} from '../../src/index.js';
import { sha256Digest } from '../../src/shared/hash.js';

const POLICY = 'Refunds up to 50 EUR are automatic — café receipts too.';

describe('agent integration in the browser', () => {
  it('builds a set from defined skills and serves its tools', async () => {
    const refunds = defineSkill({
      name: 'refunds',
      description: 'Decide refunds.',
      instructions: 'Order $0: read references/policy.md.',
      files: { 'references/policy.md': POLICY },
    });
    const skills = createSkillSet([refunds]);
    const agent = withSkills(skills, { instructions: 'You help customers.', tools: [] });
    expect(agent.instructions).toContain('- refunds: Decide refunds.');
    const [load, read] = agent.tools as [SkillTool<LoadedSkill>, SkillTool<ReadFileResult>];
    expect(toAnthropicTool(load).name).toBe('skills_load');
    expect((await runTool(load, { name: 'refunds', arguments: '1042' }, { grants: skills.permissions })).instructions).toBe(
      'Order 1042: read references/policy.md.',
    );
    expect((await runTool(read, { name: 'refunds', path: 'references/policy.md' }, { grants: skills.permissions })).text).toBe(POLICY);
  });

  it("reads a loader skill's file through its bundle, checked against the digest", async () => {
    const bundle: SkillBundle = {
      version: 1,
      entries: [
        {
          dir: 'refunds',
          path: 'skills/refunds/SKILL.md',
          folder: 'refunds',
          fileName: 'SKILL.md',
          text: '---\nname: refunds\ndescription: Decide refunds.\n---\nRead references/policy.md.\n',
          files: [
            { path: 'references/policy.md', size: new TextEncoder().encode(POLICY).byteLength, isText: true, digest: sha256Digest(POLICY), content: POLICY },
          ],
        },
      ],
    };
    const loader = new SkillLoader({ builtin: bundleSource(bundle) });
    await loader.loadAll();
    expect(loader.catalog()).toContain('- refunds: Decide refunds.');
    expect(await loader.readFile('refunds', 'references/policy.md')).toBe(POLICY);
  });
});
