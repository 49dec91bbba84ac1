/**
 * The words of a turn that matched a skill, as the turn spells them: what
 * routing shows a person, while a hit's `terms` stay the stems it was scored
 * on. Display only: nothing here feeds a score.
 * @module
 */
import { capText, type TextPipeline } from './text-pipeline.js';

/** A word of the turn that can show as a match, with the query term it became. */
export interface ShownWord {
  /** The word as the turn spells it. */
  readonly written: string;
  /** Its query term (the stem). */
  readonly term: string;
}

/**
 * The words of `text` that can show as matches, in the turn's order, each
 * (case-folded) word once: only words whose term is one of the query's
 * `terms`, never a stop word (the pipeline's own list: `term` gives none for it).
 */
export function shownWordsOf(pipeline: TextPipeline, text: string, terms: readonly string[]): ShownWord[] {
  const query = new Set(terms);
  const capped = capText(text, pipeline.maxQueryChars);
  // A pipeline of one's own may have no `writtenWords`: its folded words show instead.
  const words = pipeline.writtenWords?.(capped) ?? pipeline.words(capped).map((word) => ({ word, written: word }));
  const seen = new Set<string>();
  const out: ShownWord[] = [];
  for (const { word, written } of words) {
    const term = pipeline.term(word);
    if (term === undefined || !query.has(term) || seen.has(word)) continue;
    seen.add(word);
    out.push({ written, term });
  }
  return out;
}

/** The shown words whose term is among a hit's matched `terms`, in the turn's order. */
export function matchedWords(shown: readonly ShownWord[], terms: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of shown) if (terms.includes(w.term)) out.push(w.written);
  return out;
}
