/**
 * A skill's routing fields split into words once: MiniSearch indexes those
 * words (it counts a field's length in them), and the term profile is made
 * from the same words, so no field is tokenised twice.
 * @module
 */
import type { ResolvedRouterOptions } from './options.js';
import { termProfile, type RouterField, type TermProfile } from './score.js';
import type { TextPipeline } from './text-pipeline.js';
import type { RouterDocument } from './types.js';

/** A skill's words, field by field, as the pipeline splits them; `exampleWords` has one list per example. */
export type FieldWords = Readonly<Record<RouterField, readonly string[]>> & { readonly exampleWords: readonly (readonly string[])[] };

/** The words of each field of `doc` (what `pipeline.words` gives), the examples also one list per example. */
export function fieldWords(pipeline: TextPipeline, doc: RouterDocument): FieldWords {
  const words = (text: string): string[] => pipeline.words(text);
  const examples = doc.examples === '' ? [] : doc.examples.split('\n').map(words);
  // The pipeline never lets a word span a line break, so the examples field's words are the examples' words in turn.
  return {
    name: words(doc.name),
    description: words(doc.description),
    intents: words(doc.intents),
    tags: words(doc.tags),
    body: words(doc.body),
    examples: examples.flat(),
    exampleWords: examples,
  };
}

/** The term profile of a skill from its words (the terms the index holds for them). */
export function profileOfWords(pipeline: TextPipeline, words: FieldWords, options: ResolvedRouterOptions): TermProfile {
  const keep = options.stopWordWeight > 0;
  const terms = (list: readonly string[]): string[] => {
    const out: string[] = [];
    for (const w of list) {
      const t = pipeline.term(w, keep);
      if (t !== undefined) out.push(t);
    }
    return out;
  };
  const fields = {
    name: terms(words.name),
    description: terms(words.description),
    intents: terms(words.intents),
    tags: terms(words.tags),
    body: terms(words.body),
  };
  return termProfile({ ...fields, examples: words.exampleWords.map(terms) }, options.fieldWeights, options.exampleShare);
}
