/**
 * `satchel scan <path…>`: loads the skills under each path as `list` does and runs the scanner over each
 * (`loader.scan`): every finding as `path:line:column code severity: message` with how to fix it, then a summary.
 * Exit 1 when anything at warning or above was found, or a skill could not be scanned.
 * @module
 */
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../../format/diagnostics/diagnostic.js';
import { isSkillError } from '../../../format/errors.js';
import type { Skill } from '../../../format/types.js';
import type { CliFlags, CliIo } from '../io.js';
import { escapeControl } from '../output/escape.js';
import { diagnosticText, plural, shownPath, skillErrorText } from '../output/print.js';
import { diagnosticsText, hiddenLine, loadExitCode, loadPaths, shownDiagnostics, type CliLoad } from '../paths/load.js';

/** What one skill's scan gave: its findings (paths as the CLI shows them), or the error that stopped it. */
interface SkillScan {
  readonly name: string;
  readonly path: string;
  readonly findings: readonly Diagnostic[];
  readonly error?: string;
}

/** A finding's file as the CLI shows it: under the skill's folder, the SKILL.md as it is spelled on disk. */
function findingPath(skill: Skill, path: string, cwd: string): string {
  if (skill.path === undefined) return `${skill.name}/${path}`;
  return shownPath(path === 'SKILL.md' ? skill.path : join(dirname(skill.path), path), cwd);
}

async function scanOne(load: CliLoad, skill: Skill, io: CliIo): Promise<SkillScan> {
  const path = skill.path === undefined ? skill.name : shownPath(skill.path, io.cwd);
  try {
    const found = await load.loader.scan(skill.name);
    return { name: skill.name, path, findings: found.map((d) => ({ ...d, path: findingPath(skill, d.path, io.cwd) })) };
  } catch (e) {
    if (!isSkillError(e)) throw e;
    return { name: skill.name, path, findings: [], error: skillErrorText('scan', e, io.cwd) };
  }
}

/** Scans the skills under the given paths; resolves to the exit code. */
export async function scanCommand(flags: CliFlags, io: CliIo): Promise<number> {
  const load = await loadPaths('scan', flags.paths, flags, io);
  if (typeof load === 'number') return load;
  const scans: SkillScan[] = [];
  for (const skill of load.loader.getAll()) scans.push(await scanOne(load, skill, io));
  const findings = scans.flatMap((s) => s.findings);
  const failed = scans.filter((s) => s.error !== undefined);
  const hidden = await hiddenLine(load, io.cwd);
  if (flags.json) {
    const skills = scans.map(({ name, path, findings: found, error }) => ({
      name,
      path,
      findings: found,
      ...(error === undefined ? {} : { error: error.trim() }),
    }));
    io.out.write(`${JSON.stringify({ skills, diagnostics: shownDiagnostics(load, io.cwd) }, null, 2)}\n`);
    if (hidden !== undefined) io.err.write(`satchel scan: ${hidden}\n`);
  } else {
    for (const d of findings) io.out.write(diagnosticText(d, io.cwd));
    const flagged = scans.filter((s) => s.findings.length > 0).length;
    io.out.write(`${plural(scans.length, 'skill')} scanned: ${plural(findings.length, 'finding')} in ${plural(flagged, 'skill')}\n`);
    if (hidden !== undefined) io.out.write(`${hidden}\n`);
    io.err.write(diagnosticsText('scan', load, flags, io.cwd));
  }
  for (const s of failed) io.err.write(s.error ?? `satchel scan: ${escapeControl(s.name)} could not be scanned\n`);
  const serious = findings.some((d) => d.severity === 'warning' || d.severity === 'error');
  return serious || failed.length > 0 ? 1 : loadExitCode(load, flags);
}
