// docs/codes.md lists every SkillError code and diagnostic rule exactly as the code defines them.
// To refresh it after changing a code: UPDATE_DOCS=1 npx vitest run --project node test/format/codes-doc.test.ts
import { readFile, writeFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { DIAGNOSTIC_RULES, SKILL_ERROR_CODES } from '../../src/index.js';

function render(): string {
  const errors = Object.entries(SKILL_ERROR_CODES).map(([code, text]) => `| \`${code}\` | ${text} |`);
  const rules = Object.entries(DIAGNOSTIC_RULES).map(([code, r]) => `| \`${code}\` | ${r.spec} | ${r.runtime} | ${r.summary} | ${r.fix} |`);
  return [
    '# Error and diagnostic codes',
    '',
    'Generated from `SKILL_ERROR_CODES` and `DIAGNOSTIC_RULES` (`src/format/errors.ts`, `src/format/diagnostics/diagnostic.ts`); a test keeps it in step.',
    '',
    '## `SkillError` codes (thrown)',
    '',
    '| code | meaning |',
    '|---|---|',
    ...errors,
    '',
    '## Diagnostic rules (returned as data)',
    '',
    '`error` skips the skill, `warning` loads it, `info` is for the record.',
    '',
    '| code | spec | runtime | rule | fix |',
    '|---|---|---|---|---|',
    ...rules,
    '',
  ].join('\n');
}

it('docs/codes.md matches the exported code lists', async () => {
  const expected = render();
  if (process.env['UPDATE_DOCS']) await writeFile('docs/codes.md', expected);
  expect(await readFile('docs/codes.md', 'utf8')).toBe(expected);
});
