// Chunks read from a file, an HTTP body or an inflated stream are joined by one helper.
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../src/shared/bytes.js';

describe('concatBytes', () => {
  it('joins the chunks in order', () => {
    const joined = concatBytes([new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])], 3);
    expect([...joined]).toEqual([1, 2, 3]);
  });

  it('hands back a single chunk of the full length without copying it', () => {
    const only = new Uint8Array([7, 8, 9]);
    expect(concatBytes([only], 3)).toBe(only);
  });

  it('copies a single chunk whose length is not the total', () => {
    const joined = concatBytes([new Uint8Array([7, 8])], 3);
    expect([...joined]).toEqual([7, 8, 0]);
  });

  it('gives an empty array for no chunks', () => {
    expect(concatBytes([], 0).byteLength).toBe(0);
  });
});
