// A standard plugin fixture for plugin source tests, in memory and on disk.
import { skillMd } from './skill-md.js';

/** Two plugins, each with shared files, junk, and skills that refer to the shared files by relative path. */
export const PLUGIN_FIXTURE: Readonly<Record<string, string | Uint8Array>> = {
  'finance/plugin.json': JSON.stringify({ name: 'corporate-finance', version: '1.2.0' }),
  'finance/shared/util.py': 'def npv(rate, flows):\n    return sum(f / (1 + rate) ** i for i, f in enumerate(flows))\n',
  'finance/references/glossary.md': '# Glossary\n\nWACC: weighted average cost of capital.\n',
  'finance/schemas/model.json': '{"type":"object"}\n',
  'finance/assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
  'finance/shared/__pycache__/util.cpython-312.pyc': new Uint8Array([0x00, 0x01]),
  'finance/shared/.DS_Store': 'junk',
  'finance/README.md': 'Not shared: outside the shared folders.\n',
  'finance/skills/dcf-model-builder/SKILL.md': skillMd('dcf-model-builder', {
    description: "Build a discounted cash flow model from a company's projections.",
    body: 'Use `../../shared/util.py` for NPV.\nSee references/steps.md.',
  }),
  'finance/skills/dcf-model-builder/references/steps.md': '1. Project cash flows.\n2. Discount them with WACC.\n',
  'finance/skills/cim-builder/SKILL.md': skillMd('cim-builder', {
    description: 'Draft a confidential information memorandum for a sale process.',
    body: 'Write the CIM.',
  }),
  'finance/skills/cim-builder/private.md': 'Only cim-builder may read this.\n',
  'legal/plugin.json': '{ "name": "legal", ',
  'legal/skills/contract-review/SKILL.md': skillMd('contract-review', {
    description: 'Review a contract for risky clauses and missing terms.',
    body: 'Review it.',
  }),
};
