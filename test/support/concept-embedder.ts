// A small deterministic embedder for unit tests: each word maps to a concept (a table of synonyms), each concept to
// one dimension, so texts that share a meaning but no word are close. It counts what it was asked to embed.
import type { Embedder } from '../../src/routing/meaning/embedder.js';

/** A test embedder and what it was asked. */
export interface ConceptEmbedder extends Embedder {
  /** Every text embedded, in order. */
  readonly calls: string[][];
}

/** Options of {@link conceptEmbedder}. */
export interface ConceptEmbedderOptions {
  /** Word → concept; a word not listed is its own concept. */
  readonly concepts?: Readonly<Record<string, string>>;
  /** Awaited before each call answers (to hold the model "loading"). */
  readonly gate?: Promise<unknown>;
  /** Makes every call reject with this error. */
  readonly failWith?: Error;
  /** The embedder id (default `concepts@1`). */
  readonly id?: string;
}

const DIMENSIONS = 256;
// Function words carry no concept here, so two texts meet only on content words.
const FUNCTION_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'my', 'of', 'the', 'to']);

/** Hashes a concept to one of the dimensions (FNV-1a). */
function slot(concept: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < concept.length; i++) h = Math.imul(h ^ concept.charCodeAt(i), 0x01000193);
  return (h >>> 0) % DIMENSIONS;
}

/**
 * A bag-of-concepts embedder.
 * @example `conceptEmbedder({ concepts: { receipts: 'invoice', bills: 'invoice' } })`
 */
export function conceptEmbedder(options: ConceptEmbedderOptions = {}): ConceptEmbedder {
  const calls: string[][] = [];
  return {
    id: options.id ?? 'concepts@1',
    dimensions: DIMENSIONS,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      await options.gate;
      if (options.failWith) throw options.failWith;
      return texts.map((text) => {
        const v = new Float32Array(DIMENSIONS);
        for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
          if (FUNCTION_WORDS.has(word)) continue;
          const i = slot(options.concepts?.[word] ?? word);
          v[i] = (v[i] as number) + 1;
        }
        return v;
      });
    },
  };
}
