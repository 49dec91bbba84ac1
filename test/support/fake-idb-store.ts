// A small IndexedDB-backed store for the browser tests (search, put, on): it shows that skills written through one
// worker are there for the next, because IndexedDB outlives workers. The real store is satchel/store.

interface Row {
  readonly space: string;
  readonly name: string;
  readonly text: string;
}

const SPACES = 'skills';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(name: string): Promise<IDBDatabase> {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(SPACES, { keyPath: ['space', 'name'] });
  return request(req);
}

/** A fake store in the IndexedDB database `name`. */
export function fakeIdbStore(name: string) {
  const db = openDatabase(name);
  const listeners = new Set<(change: { name: string; namespace: readonly string[] }) => unknown>();
  return {
    async search(namespace: readonly string[]): Promise<{ key: string; value: string }[]> {
      const rows = (await request((await db).transaction(SPACES).objectStore(SPACES).getAll())) as Row[];
      return rows.filter((r) => r.space === namespace.join('/')).map((r) => ({ key: r.name, value: r.text }));
    },
    async put(namespace: readonly string[], text: string): Promise<{ name: string }> {
      const skill = /^name: (.+)$/m.exec(text)?.[1] ?? 'unnamed';
      const tx = (await db).transaction(SPACES, 'readwrite');
      tx.objectStore(SPACES).put({ space: namespace.join('/'), name: skill, text } satisfies Row);
      await new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = () => reject(tx.error))));
      for (const listener of listeners) void listener({ name: skill, namespace: [...namespace] });
      return { name: skill };
    },
    on(_type: 'change', listener: (change: { name: string; namespace: readonly string[] }) => unknown): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
