// Plain IndexedDB calls for tests that reach under the store: corrupt a record, hold a connection, count rows.

/** The result of a request, as a promise. */
export function requestOf<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when the transaction commits, rejects when it aborts. */
export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('failed'));
  });
}

/** Opens `name` at its current version. */
export function rawOpen(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return requestOf(factory.open(name));
}

/** Puts `value` into object store `store` of an open database. */
export async function rawPut(db: IDBDatabase, store: string, value: unknown): Promise<void> {
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).put(value);
  await done(tx);
}

/** Every record of `store`. */
export async function rawAll(db: IDBDatabase, store: string): Promise<unknown[]> {
  return requestOf(db.transaction(store, 'readonly').objectStore(store).getAll());
}

/** Deletes database `name`; resolves once it is gone. */
export function rawDelete(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
