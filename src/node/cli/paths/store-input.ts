/**
 * `--store` with `--namespace`: one namespace of a skill store on
 * PostgreSQL as a command's input (`satchel publish`, `satchel mcp`).
 * `--store` is a `postgres://` (or `postgresql://`) URL for a server, or the
 * folder of an embedded database (PGlite) that a server's
 * `openPostgresSkillStore({ dataDir })` keeps. The store and its drivers are
 * imported only when the flag is given.
 * @module
 */
import { resolve } from 'node:path';
import { isSkillError } from '../../../format/errors.js';
import type { SkillSource } from '../../../sources/source.js';
import type { SkillStoreLike } from '../../../sources/store.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { shownPath, skillErrorText } from '../output/print.js';
import { inputKind } from './inputs.js';

/** A store namespace opened for a command. */
export interface CliStore {
  /** The namespace's skills; with `watch`, it follows the store's writes to them. */
  readonly source: SkillSource;
  /** Closes the store (and the database connection or PGlite it opened). */
  close(): Promise<void>;
}

/** Options of {@link openCliStore}. */
export interface CliStoreOptions {
  /** Follow the namespace's writes, from this process or any other on the database (`satchel mcp`). */
  readonly watch?: boolean;
}

/** True when `--store` names a server rather than a folder. */
export function isServerUrl(store: string): boolean {
  return /^postgres(ql)?:\/\//i.test(store);
}

/**
 * Opens the store `flags.store` names and a source over `flags.namespace`; writes why and resolves to `undefined` when
 * it cannot (no such folder, the database refuses, a schema newer than this Satchel).
 */
export async function openCliStore(command: string, flags: CliFlags, io: CliIo, options: CliStoreOptions = {}): Promise<CliStore | undefined> {
  const { store: where, namespace } = flags;
  if (where === undefined || namespace === undefined) return undefined;
  const target = isServerUrl(where) ? { connectionString: where } : { dataDir: resolve(io.cwd, where) };
  // A folder that is not there would become a new, empty database: refused, so a typo never publishes nothing.
  if ('dataDir' in target && (await inputKind(target.dataDir)) !== 'folder') {
    io.err.write(
      `satchel ${command}: --store ${escapeControl(shownPath(target.dataDir, io.cwd))}: no such folder (give the folder of a PGlite database, or a postgres:// URL)\n`,
    );
    return undefined;
  }
  const [{ openPostgresSkillStore }, { storeSource }] = await Promise.all([import('../../../postgres/index.js'), import('../../../sources/store.js')]);
  try {
    const store = await openPostgresSkillStore({ ...target, listen: options.watch === true });
    const source = storeSource(store, namespace, { name: `store:${namespace.join('/')}` });
    return { source: options.watch === true ? watching(source, store, namespace) : source, close: () => store.close() };
  } catch (e) {
    if (!isSkillError(e)) throw e;
    io.err.write(skillErrorText(command, e, io.cwd));
    return undefined;
  }
}

type ChangeListener = (change: { readonly namespace: readonly string[]; readonly name: string }) => void;

/** `source` with `watch`: a change the store announces in `namespace` is told as its skill's folder changing. */
function watching(
  source: SkillSource,
  store: SkillStoreLike & { on(event: 'change', listener: ChangeListener): () => void },
  namespace: readonly string[],
): SkillSource {
  const key = JSON.stringify(namespace);
  return {
    ...source,
    watch: (listener) =>
      store.on('change', (change) => {
        if (JSON.stringify(change.namespace) === key) listener({ paths: [change.name] });
      }),
  };
}
