/**
 * The peer loader the load bench compares against: `@skillkit/core`'s
 * `discoverSkills`, the fastest peer that parses front matter when it was
 * chosen. It is no dependency of the project: the bench installs it on
 * demand, once, into `node_modules/.cache/peers` (optional native
 * dependencies and install scripts left out), and skips the comparison with
 * a message when it cannot (offline).
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The peer package and the version measured. */
export const PEER = { name: '@skillkit/core', version: '1.24.0' } as const;

/** Where the peer is installed, under the project root. */
export function peerPrefix(root: string): string {
  return join(root, 'node_modules', '.cache', 'peers');
}

/** The peer's module file, installing it first when missing; `undefined` (and a logged reason) when it cannot be had. */
export function ensurePeer(root: string, log: (line: string) => void): string | undefined {
  const prefix = peerPrefix(root);
  const entry = join(prefix, 'node_modules', ...PEER.name.split('/'), 'dist', 'index.js');
  const manifest = join(prefix, 'node_modules', ...PEER.name.split('/'), 'package.json');
  if (existsSync(entry) && existsSync(manifest) && installedVersion(manifest) === PEER.version) return entry;
  mkdirSync(prefix, { recursive: true });
  log(`bench: installing ${PEER.name}@${PEER.version} into ${prefix} for the side-by-side comparison (once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', prefix, '--no-save', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', `${PEER.name}@${PEER.version}`];
  const out = spawnSync(npm, args, { encoding: 'utf8', timeout: 180_000 });
  if (out.status === 0 && existsSync(entry)) return entry;
  const why = (out.error?.message ?? out.stderr.trim().split('\n').slice(-3).join(' ')) || `exit status ${String(out.status)}`;
  log(`bench: SKIPPED the comparison with ${PEER.name}@${PEER.version}: it is not installed and could not be installed (offline?): ${why}`);
  return undefined;
}

function installedVersion(manifest: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
