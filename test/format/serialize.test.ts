// serializeSkill writes front matter that reads back exactly, whatever the strings hold.
import { expect, it } from 'vitest';
import { parseSkill, serializeSkill } from '../../src/index.js';
it('metadata with leading blank lines round-trips', () => {
  const text = '---\nname: a\ndescription: x\nmetadata:\n  k: " \\n\\n"\n  j: "\\n  lead"\n---\n';
  const s = parseSkill(text, { folder: 'a' }).skill!;
  expect(s.metadata).toEqual({ k: ' \n\n', j: '\n  lead' });
  const again = parseSkill(serializeSkill(s), { folder: 'a' }).skill!;
  expect(again.metadata).toEqual(s.metadata);
  expect(again.digest).toBe(s.digest);
});
