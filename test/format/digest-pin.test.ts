// Digests are part of the format: the speed work (front matter fast path, pre-parsed bundles) must not move
// one. pins.json holds the digests the code before that work computed for the corpus subset and 400
// generated skills; every one must come out the same, and no skill may appear or disappear.
import { describe, expect, it } from 'vitest';
import pins from '../fixtures/digests/pins.json' with { type: 'json' };
import { currentDigests } from './digest-pins.js';

describe('pinned digests', () => {
  const current = currentDigests();

  it('gives every corpus skill the digest it had', async () => {
    expect((await current).corpus).toEqual(pins.corpus);
    expect(Object.keys(pins.corpus).length).toBe(73);
  });

  it('gives every generated skill (with and without resource files) the digest it had', async () => {
    expect((await current).generated).toEqual(pins.generated);
    expect(Object.keys(pins.generated).length).toBe(400);
  });
});
