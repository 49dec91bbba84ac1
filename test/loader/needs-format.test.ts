// `metadata.dependencies` read from the front matter: a map of `all` and `any` tool lists (or the same map as JSON
// text); every malformed shape is a located `dependencies-format` diagnostic, never a crash.
import { describe, expect, it } from 'vitest';
import { parseSkill, type Diagnostic } from '../../src/index.js';
import { skillNeeds, unmetNeeds } from '../../src/format/fields/dependencies.js';

function parsed(metadataLines: string, profile: 'spec' | 'runtime' = 'runtime') {
  const text = `---\nname: pdf-merge\ndescription: Merge PDF files.\nmetadata:\n${metadataLines}---\nMerge them.\n`;
  const result = parseSkill(text, { folder: 'pdf-merge', profile });
  return { ...result, all: [...result.errors, ...result.warnings, ...result.infos] };
}

const at = (list: readonly Diagnostic[]): [string, string, number, number][] => list.map((d) => [d.code, d.severity, d.line, d.column]);

describe('metadata.dependencies', () => {
  it('a nested map of lists is read as the declared needs, with no diagnostic in runtime', () => {
    const { skill, all } = parsed('  dependencies:\n    all: [read_pdf, write_file]\n    any: [web_search, browse]\n');
    expect(all).toEqual([]);
    expect(skill && skillNeeds(skill)).toEqual({ all: ['read_pdf', 'write_file'], any: ['web_search', 'browse'] });
    expect(skill?.metadata?.['dependencies']).toEqual({ all: ['read_pdf', 'write_file'], any: ['web_search', 'browse'] });
    expect(skill && unmetNeeds(skill, ['read_pdf', 'browse'])).toEqual({ missing: ['write_file'], anyOf: [] });
    expect(skill && unmetNeeds(skill, new Set(['read_pdf', 'write_file', 'web_search']))).toBeUndefined();
  });

  it('a list may be one space-separated line; repeated names count once', () => {
    const { skill, all } = parsed('  dependencies:\n    all: read_pdf write_file read_pdf\n');
    expect(all).toEqual([]);
    expect(skill && skillNeeds(skill)).toEqual({ all: ['read_pdf', 'write_file'], any: [] });
  });

  it('the specification keeps metadata to text: the map is an error in spec, the same map as JSON text is not', () => {
    expect(at(parsed('  dependencies:\n    all: [read_pdf]\n', 'spec').errors)).toEqual([['metadata-value-type', 'error', 5, 3]]);
    const json = parsed(`  dependencies: '{"all": ["read_pdf"], "any": ["ocr", "vision"]}'\n`, 'spec');
    expect(json.all).toEqual([]);
    expect(json.skill && skillNeeds(json.skill)).toEqual({ all: ['read_pdf'], any: ['ocr', 'vision'] });
    expect(json.skill && unmetNeeds(json.skill, ['read_pdf'])).toEqual({ missing: [], anyOf: ['ocr', 'vision'] });
  });

  it('malformed needs are located diagnostics; what can be read is kept', () => {
    const cases: [string, [string, string, number, number][], unknown][] = [
      ['  dependencies: read_pdf\n', [['dependencies-format', 'warning', 5, 3]], undefined],
      ['  dependencies: \'["read_pdf"]\'\n', [['dependencies-format', 'warning', 5, 3]], undefined],
      ['  dependencies:\n    all: 3\n', [['dependencies-format', 'warning', 6, 5]], undefined],
      ['  dependencies:\n    all: {read_pdf: true}\n    any: [ocr]\n', [['dependencies-format', 'warning', 6, 5]], { all: [], any: ['ocr'] }],
      ['  dependencies:\n    all: [read_pdf, 3, "", [x]]\n', [['dependencies-format', 'warning', 6, 5]], { all: ['read_pdf'], any: [] }],
      ['  dependencies:\n    all: [read_pdf]\n    none: [ocr]\n', [['dependencies-format', 'warning', 7, 5]], { all: ['read_pdf'], any: [] }],
    ];
    for (const [lines, expected, needs] of cases) {
      const { skill, all } = parsed(lines);
      expect(at(all), lines).toEqual(expected);
      expect(skill, lines).toBeDefined();
      expect(skill && skillNeeds(skill), lines).toEqual(needs);
    }
  });

  it('a list or an empty value is the generic metadata warning and a dependencies-format one, and loads', () => {
    const list = parsed('  dependencies: [read_pdf]\n');
    expect(at(list.all)).toEqual([
      ['metadata-value-type', 'warning', 5, 3],
      ['dependencies-format', 'warning', 5, 3],
    ]);
    expect(list.skill && skillNeeds(list.skill)).toBeUndefined();
    const empty = parsed('  dependencies:\n');
    expect(empty.skill).toBeDefined();
    expect(at(empty.all).map(([code]) => code)).toEqual(['metadata-value-type', 'dependencies-format']);
  });

  it('keys such as __proto__ stay data', () => {
    const { skill, all } = parsed(`  dependencies: '{"__proto__": ["x"], "all": ["read_pdf"]}'\n`);
    expect(at(all)).toEqual([['dependencies-format', 'warning', 5, 3]]);
    expect(skill && skillNeeds(skill)).toEqual({ all: ['read_pdf'], any: [] });
    expect(({} as Record<string, unknown>)['all']).toBeUndefined();
  });

  it('a skill with no dependencies needs nothing, whatever the tools', () => {
    const { skill } = parsed('  author: me\n');
    expect(skill && skillNeeds(skill)).toBeUndefined();
    expect(skill && unmetNeeds(skill, [])).toBeUndefined();
  });
});
