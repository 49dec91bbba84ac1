/**
 * Every rule family of the scanner, in the order a scan runs them; each is a function from the files of one skill
 * to its findings.
 * @module
 */
import type { Diagnostic } from '../format/diagnostics/diagnostic.js';
import { blobFindings } from './blobs.js';
import type { ScanContext } from './context.js';
import { hiddenInstructionFindings } from './hidden-instructions.js';
import { invisibleFindings } from './invisible-text.js';
import { linkFindings } from './links.js';
import { lookAlikeFindings } from './look-alikes.js';
import { shellFindings } from './shell-commands.js';
import { uploadFindings } from './uploads.js';

/** One family of rules: every finding of its codes in one skill. */
export type SafetyRule = (context: ScanContext) => Diagnostic[];

/** Every rule family, in the order a scan runs them. */
export const SAFETY_RULE_FAMILIES: readonly SafetyRule[] = [
  hiddenInstructionFindings,
  invisibleFindings,
  lookAlikeFindings,
  shellFindings,
  uploadFindings,
  linkFindings,
  blobFindings,
];
