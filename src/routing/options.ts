/**
 * A router's tuning: the options, their measured defaults (docs/routing.md)
 * and how a partial set of options is completed.
 * @module
 */
import type { FeedbackOptions, RelatedOptions } from './feedback.js';
import type { SkillPrior } from './usage-prior.js';
import type { FieldWeights, RouterField } from './score.js';
import { createTextPipeline, type TextPipeline, type TextPipelineOptions } from './text-pipeline.js';

/** Tuning of a router. Every field has a measured default (see docs/routing.md). */
export interface RouterOptions {
  /** The text pipeline, or options to build one (English by default). */
  pipeline?: TextPipeline | TextPipelineOptions;
  /** MiniSearch (BM25) boost of each field; BM25 relative to the best hit scales each skill's evidence. */
  boost?: Partial<Record<RouterField, number>>;
  /** How characteristic a term of each field is of the skill (0–1), for the calibrated score. */
  fieldWeights?: Partial<Record<RouterField, number>>;
  /** Share of a skill's examples a term must appear in to count fully (default 1/3); rarer example terms count less. */
  exampleShare?: number;
  /** Fuzzy matching (MiniSearch's `fuzzy`: a share of the term's length, or `false`). */
  fuzzy?: number | false;
  /** Prefix matching of query terms. */
  prefix?: boolean;
  /** Weight of a stop word in a query (0–1); 0 leaves stop words out of the index and the query. */
  stopWordWeight?: number;
  /** How much a prefix or fuzzy match counts against an exact one (0–1). */
  inexactWeight?: number;
  /** BM25 parameters: `k` saturation, `b` length normalisation, `d` floor. */
  bm25?: { k: number; b: number; d: number };
  /** Nearest-example evidence fused by max with the aggregate score: its weight and length penalty (`false`: off). */
  exampleMatch?: { weight: number; lengthPower: number } | false;
  /** Exponent of the penalty on evidence for a profile heavier than the mean (0: none). */
  lengthNorm?: number;
  /**
   * Opt-in prior per skill, e.g. `createUsagePrior(await store.usage(ns))`: each routed score is multiplied by
   * `prior.of(name)` (capped at 1) and the hits re-ranked. Off by default (`false`); see docs/evolution.md.
   */
  prior?: SkillPrior | false;
  /**
   * Measured variants that did not beat the defaults on the development sets (docs/routing.md): kept for
   * experiments on other skill sets and as hooks for an external stage (`related`, `termPrior`). They may change
   * or go without a major version.
   */
  experimental?: ExperimentalRouterOptions;
}

/** Routing variants under trial; see {@link RouterOptions.experimental}. */
export interface ExperimentalRouterOptions {
  /** Pseudo-relevance feedback: a second pass with the best hits' characteristic terms added (`false`: off). */
  feedback?: FeedbackOptions | false;
  /** Query expansion by related terms, e.g. a thesaurus's synonyms (`false`: off). */
  related?: RelatedOptions | false;
  /** Count a term's document frequency by profile strength rather than presence. */
  softFrequency?: boolean;
  /** Exponent of a query term's idf weight (default 1). */
  idfPower?: number;
  /** Exponent of the BM25-relative factor on evidence (default 1; 0 leaves evidence alone). */
  bm25Power?: number;
  /** A prior weight (0–1) of each non-stop query term, e.g. lower for words common in general English. */
  termPrior?: ((term: string) => number) | false;
}

/** The measured defaults. */
export const DEFAULT_ROUTER_OPTIONS = {
  boost: { name: 2, description: 1, intents: 2, examples: 1, tags: 1, body: 0.3 } satisfies FieldWeights,
  fieldWeights: { name: 1, description: 1, intents: 1, examples: 1, tags: 1, body: 0.3 } satisfies FieldWeights,
  exampleShare: 1 / 3,
  fuzzy: false as number | false,
  prefix: false,
  inexactWeight: 0.5,
  stopWordWeight: 0.2,
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  feedback: false as FeedbackOptions | false,
  exampleMatch: { weight: 1, lengthPower: 0.5 } as { weight: number; lengthPower: number } | false,
  related: false as RelatedOptions | false,
  softFrequency: false,
  idfPower: 1,
  bm25Power: 1,
  termPrior: false as ((term: string) => number) | false,
  lengthNorm: 0.25,
  prior: false as SkillPrior | false,
};

/** Options with every field present (the pipeline aside). */
export type ResolvedRouterOptions = typeof DEFAULT_ROUTER_OPTIONS;

/** Fills unset options from {@link DEFAULT_ROUTER_OPTIONS}. */
export function resolveRouterOptions(options: RouterOptions): ResolvedRouterOptions {
  const out: Record<string, unknown> = { ...DEFAULT_ROUTER_OPTIONS };
  for (const key of ['fuzzy', 'prefix', 'inexactWeight', 'exampleShare', 'stopWordWeight', 'bm25', 'exampleMatch', 'lengthNorm', 'prior'] as const) {
    if (options[key] !== undefined) out[key] = options[key];
  }
  const experimental = options.experimental ?? {};
  for (const key of ['feedback', 'related', 'softFrequency', 'idfPower', 'bm25Power', 'termPrior'] as const) {
    if (experimental[key] !== undefined) out[key] = experimental[key];
  }
  return {
    ...(out as ResolvedRouterOptions),
    boost: { ...DEFAULT_ROUTER_OPTIONS.boost, ...options.boost },
    fieldWeights: { ...DEFAULT_ROUTER_OPTIONS.fieldWeights, ...options.fieldWeights },
  };
}

/** The pipeline the options name: given ready, or built from its options. */
export function pipelineOf(options: RouterOptions): TextPipeline {
  const p = options.pipeline;
  return typeof (p as TextPipeline | undefined)?.queryTerms === 'function' ? (p as TextPipeline) : createTextPipeline(p as TextPipelineOptions | undefined);
}
