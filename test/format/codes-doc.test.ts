// docs/codes.md lists every SkillError code and diagnostic rule exactly as the code defines them.
// To refresh it after changing a code: UPDATE_DOCS=1 npx vitest run --project node test/format/codes-doc.test.ts
import { readFile, writeFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { CODES } from '../../src/index.js';

function render(): string {
  const errors = Object.entries(CODES.errors).map(([code, text]) => `| \`${code}\` | ${text} |`);
  const rules = Object.entries(CODES.diagnostics).map(([code, r]) => `| \`${code}\` | ${r.spec} | ${r.runtime} | ${r.summary} | ${r.fix} |`);
  return [
    '# Error and diagnostic codes',
    '',
    'Generated from `CODES.errors` and `CODES.diagnostics` of `satchel` (defined in `src/format/errors.ts` and `src/format/diagnostics/diagnostic.ts`); a test keeps it in step.',
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
