// agent.md's `plugins` key: the published plugins an agent selects, read or refused at the line that says them.
import { describe, expect, it } from 'vitest';
import { parseAgentMd } from '../../src/format/agent-md.js';
import { thrown } from '../support/errors.js';

const SOURCE = 'https://acme.example/.well-known/agent-skills/index.json';

describe('agent.md plugins', () => {
  it('reads { name, source, version } per plugin, a version or a range', () => {
    const text = `---\nmutability: static\nplugins:\n  - name: corporate-finance\n    source: ${SOURCE}\n    version: "^1.2.0"\n  - { name: legal, source: "${SOURCE}", version: 2.0.1 }\n---\n# Agent\n`;
    const agent = parseAgentMd(text);
    expect(agent.plugins).toEqual([
      { name: 'corporate-finance', source: SOURCE, version: '^1.2.0' },
      { name: 'legal', source: SOURCE, version: '2.0.1' },
    ]);
    expect(agent.skills).toBe('static');
    expect(parseAgentMd('# No front matter\n').plugins).toEqual([]);
  });

  it.each([
    ['plugins: finance', '`plugins` is a list of `{ name, source, version }`.'],
    ['plugins:\n  - { name: Finance, source: "https://a.example/i.json", version: "1.0.0" }', 'plugins[0].name is not a kebab-case plugin name.'],
    [
      'plugins:\n  - { name: finance, source: "file:///etc/passwd", version: "1.0.0" }',
      'plugins[0].source (plugin "finance") is not an http(s) URL of a discovery index.',
    ],
    ['plugins:\n  - { name: finance, source: "https://a.example/i.json", version: 1.2 }', 'plugins[0].version (plugin "finance") is not a version'],
    ['plugins:\n  - { name: finance, source: "https://a.example/i.json", version: "latest" }', 'plugins[0].version (plugin "finance") is not a version'],
    [
      'plugins:\n  - { name: finance, source: "https://a.example/i.json", version: "1.0.0" }\n  - { name: finance, source: "https://b.example/i.json", version: "2.0.0" }',
      'plugins[1] selects "finance" again (from https://b.example/i.json; first from https://a.example/i.json); an agent selects a plugin once.',
    ],
  ])('refuses %j with INVALID_INPUT at the `plugins` line', (yaml, message) => {
    const error = thrown(() => parseAgentMd(`---\nmutability: static\n${yaml}\n---\n`, { path: 'agents/finance/agent.md' }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('agents/finance/agent.md:3:1: ');
    expect(error.message).toContain(message);
  });
});
