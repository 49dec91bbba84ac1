// createUseEmbedder() with no options (a JavaScript caller, a README skimmed): a SkillError that says what to pass
// in Node and in a browser, not a TypeError from inside.
import { describe, expect, it } from 'vitest';
import { createUseEmbedder, type UseEmbedderOptions } from '../../src/embeddings/index.js';
import { thrown } from '../support/errors.js';

describe('createUseEmbedder without model files', () => {
  it.each([
    ['no options', undefined],
    ['options without files', {}],
  ])('%s: INVALID_INPUT naming useModelFiles and fetchModelFiles', (_, options) => {
    const error = thrown(() => createUseEmbedder(options as unknown as UseEmbedderOptions));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('useModelFiles()');
    expect(error.message).toContain('fetchModelFiles(url)');
  });
});
