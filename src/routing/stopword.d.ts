/**
 * Types for the `stopword` package (it ships none): each export is one
 * language's stop-word list, named by its ISO 639-3 code.
 */
declare module 'stopword' {
  /** English stop words, lower case. */
  export const eng: readonly string[];
  /** Removes the given stop words from a list of tokens. */
  export function removeStopwords(tokens: readonly string[], stopwords?: readonly string[]): string[];
}
