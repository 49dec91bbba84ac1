// createSentenceEncoder() with no options (a JavaScript caller, a README skimmed): a SkillError that says what to pass
// in Node and in a browser, not a TypeError from inside.
import { describe, expect, it } from 'vitest';
import { createSentenceEncoder, type SentenceEncoderOptions } from '../../src/embeddings/index.js';
import { thrown } from '../support/errors.js';

describe('createSentenceEncoder without model files', () => {
  it.each([
    ['no options', undefined],
    ['options without files', {}],
  ])('%s: INVALID_INPUT naming readModelFiles and fetchModelFiles', (_, options) => {
    const error = thrown(() => createSentenceEncoder(options as unknown as SentenceEncoderOptions));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('readModelFiles()');
    expect(error.message).toContain('fetchModelFiles(url)');
  });
});
