/**
 * The store as the runtime forwards it: any object with the store's
 * methods (Satchel's `satchel/store`, or an app's own), typed structurally
 * so the worker does not depend on one store implementation. Every method
 * in {@link FORWARDED_STORE_METHODS} that the store has is callable from the
 * page under the same name, and always answers asynchronously
 * (`RuntimeSession.callStore`).
 * @module
 */
import type { SkillStoreLike } from '../sources/store.js';

/**
 * The store methods a runtime forwards to the page, when the store has
 * them. `on` and `close` are not among them: changes reach the page as
 * subscriptions (`runtime.on('change', …)`), and only the worker closes
 * its store.
 */
export const FORWARDED_STORE_METHODS = [
  'search',
  'count',
  'put',
  'get',
  'list',
  'history',
  'rollback',
  'archive',
  'restore',
  'purge',
  'auditLog',
  'exportNamespace',
  'importNamespace',
  // Deprecated names of the two above, still forwarded for pages and stores written against them.
  'exportArchive',
  'importArchive',
  'reserveNames',
  'storage',
  'proposals',
  'approve',
  'reject',
  // Learned examples (`LearnedExampleStore`): the page lists and forgets them in the user's namespace.
  'learnExample',
  'learnedExamples',
  'forgetExample',
] as const;

/** The name of a forwarded store method. */
export type ForwardedStoreMethod = (typeof FORWARDED_STORE_METHODS)[number];

/**
 * What a runtime takes as its store: a loader store (`search`) that may
 * have any of the forwarded methods and `on('change', listener)`.
 * Method syntax on purpose: a store whose methods take narrower arguments
 * (e.g. `put(namespace: readonly string[], skill: SkillInput)`) still fits.
 */
export interface RuntimeStore extends SkillStoreLike {
  put?(...args: unknown[]): unknown;
  get?(...args: unknown[]): unknown;
  list?(...args: unknown[]): unknown;
  history?(...args: unknown[]): unknown;
  rollback?(...args: unknown[]): unknown;
  archive?(...args: unknown[]): unknown;
  restore?(...args: unknown[]): unknown;
  purge?(...args: unknown[]): unknown;
  auditLog?(...args: unknown[]): unknown;
  exportNamespace?(...args: unknown[]): unknown;
  importNamespace?(...args: unknown[]): unknown;
  /** @deprecated Use `exportNamespace`. */
  exportArchive?(...args: unknown[]): unknown;
  /** @deprecated Use `importNamespace`. */
  importArchive?(...args: unknown[]): unknown;
  reserveNames?(...args: unknown[]): unknown;
  /** A namespace's own mutability, from a loader's `agent.md` (sources/store-rules.ts); not forwarded to the page. */
  setMutability?(...args: unknown[]): unknown;
  storage?(...args: unknown[]): unknown;
  proposals?(...args: unknown[]): unknown;
  approve?(...args: unknown[]): unknown;
  reject?(...args: unknown[]): unknown;
  learnExample?(...args: unknown[]): unknown;
  learnedExamples?(...args: unknown[]): unknown;
  forgetExample?(...args: unknown[]): unknown;
  /** Subscribes to committed changes; returns the unsubscribe function. */
  on?(type: 'change', listener: (change: unknown) => unknown): () => void;
}
