#!/usr/bin/env node
// Make sure dependencies (and, with --browser, Debian's Chromium) are present.
// Plain Node, no dependencies. Idempotent and quiet when everything is already installed.
//
//   node scripts/ensure-install.mjs            # node_modules up to date with package-lock.json
//   node scripts/ensure-install.mjs --browser  # ... and /usr/bin/chromium installed via apt
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const wantBrowser = args.has('--browser');
const CHROMIUM = '/usr/bin/chromium';
/**
 * apt-get's arguments for Debian's Chromium: no recommended packages (fonts, extras: 115 packages and 479 MB with
 * them on this machine kind), and a wait for a lock another process holds.
 */
export const CHROMIUM_APT_INSTALL = ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '--no-install-recommends', 'chromium'];

function log(message) {
  process.stderr.write(`[ensure-install] ${message}\n`);
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
    ...options,
  });
  if (result.error) return { ok: false, status: null, error: result.error };
  return { ok: result.status === 0, status: result.status, error: undefined };
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function ensureNodeModules() {
  const lock = join(root, 'package-lock.json');
  const nodeModules = join(root, 'node_modules');
  const installedLock = join(nodeModules, '.package-lock.json');
  const hasLock = existsSync(lock);

  let reason;
  if (!existsSync(nodeModules)) reason = 'node_modules is missing';
  else if (hasLock) {
    const installed = mtime(installedLock);
    if (installed === undefined) reason = 'node_modules/.package-lock.json is missing';
    else if ((mtime(lock) ?? 0) > installed) reason = 'package-lock.json is newer than node_modules';
  }
  if (!reason) return true;

  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const npmArgs = hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  log(`${reason}: running npm ${npmArgs[0]}`);
  // `npm test --silent` passes loglevel=silent down to us; an install failure must still say why.
  const env = { ...process.env };
  if (env['npm_config_loglevel'] === 'silent') env['npm_config_loglevel'] = 'warn';
  const result = run(npm, npmArgs, { env });
  if (!result.ok) {
    log(`npm ${npmArgs[0]} failed (${result.error ? result.error.message : `exit ${result.status}`})`);
    if (hasLock) {
      log('if it reports "Missing … from lock file", run `npm install` once and commit package-lock.json');
    }
    return false;
  }
  return true;
}

/** The real `git`, which the evolution-history tests read the mirrored repository with; apt-get installs it when missing. */
function ensureGit() {
  if (run('git', ['--version'], { stdio: 'ignore' }).ok) return true;
  log("git is missing: installing Debian's git with apt-get");
  const apt = aptRunner();
  if (!apt) return false;
  const install = apt(['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '--no-install-recommends', 'git']);
  if (!install.ok) log('could not install git: the evolution-history tests need it (apt-get install -y git)');
  return install.ok;
}

/** apt-get as root (or through passwordless sudo), or null (said why) when neither is possible. */
function aptRunner() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let prefix = [];
  if (!isRoot) {
    const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    if (sudo.error || sudo.status !== 0) {
      log('not root and passwordless sudo is unavailable: install the packages yourself with apt-get');
      return null;
    }
    prefix = ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive'];
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (aptArgs) => (prefix.length > 0 ? run(prefix[0], [...prefix.slice(1), 'apt-get', ...aptArgs], { env }) : run('apt-get', aptArgs, { env }));
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get (about a minute)`);
  const apt = aptRunner();
  if (!apt) {
    log('  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium');
    return false;
  }

  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  const update = apt([...lockWait, 'update']);
  if (!update.ok) log(`apt-get update failed (${update.error ? update.error.message : `exit ${update.status}`}); trying the install anyway`);
  const install = apt(CHROMIUM_APT_INSTALL);
  if (!install.ok || !existsSync(CHROMIUM)) {
    log(`could not install chromium (${install.error ? install.error.message : `exit ${install.status}`}).`);
    log('browser tests and end-to-end tests need /usr/bin/chromium: apt-get install -y --no-install-recommends chromium');
    return false;
  }
  log(`installed ${CHROMIUM}`);
  return true;
}

// Run as a script; imported (by its test), it only offers its constants.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let ok = ensureNodeModules();
  if (wantBrowser) ok = ensureChromium() && ok;
  if (wantBrowser) ok = ensureGit() && ok;
  process.exit(ok ? 0 : 1);
}
