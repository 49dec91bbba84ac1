/**
 * Durable storage: asking the browser not to evict the store's data, and
 * reporting how much of the quota is used.
 * @module
 */
import type { StorageReport } from '../types.js';

/** The slice of `navigator.storage` the store uses (injectable for tests). */
export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

/** `navigator.storage` where it exists; looked up when called, never at module load. */
export function defaultStorageManager(): StorageManagerLike | undefined {
  const nav = (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator;
  return nav?.storage;
}

/**
 * Asks for persistent storage; resolves to whether it was granted, or
 * `undefined` where the environment cannot say. Never rejects: a refusal
 * only means the browser may evict the data under pressure.
 */
export async function requestPersistence(manager: StorageManagerLike | undefined): Promise<boolean | undefined> {
  if (typeof manager?.persist !== 'function') return undefined;
  try {
    return await manager.persist();
  } catch {
    return undefined;
  }
}

/** Usage, quota and persistence as the manager reports them; fields it cannot give are left out. */
export async function storageReport(manager: StorageManagerLike | undefined): Promise<StorageReport> {
  if (!manager) return {};
  const [estimate, persisted] = await Promise.all([manager.estimate?.().catch(() => undefined), manager.persisted?.().catch(() => undefined)]);
  return {
    ...(typeof persisted === 'boolean' ? { persisted } : {}),
    ...(typeof estimate?.usage === 'number' ? { usage: estimate.usage } : {}),
    ...(typeof estimate?.quota === 'number' ? { quota: estimate.quota } : {}),
  };
}
