// Tagged YAML values (!!set, !!omap, !!timestamp, !!binary) and numbers JSON cannot hold (.inf, .nan, -0):
// parsed into plain data, digested by their contents, and unchanged by a serialize → parse round trip.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkill, serializeSkill, type Skill } from '../../src/index.js';
import { skillMd } from '../support/skill-md.js';

const parsed = (value: string): Skill | undefined => parseSkill(skillMd('a', { front: `x-v: ${value}\n` }), { folder: 'a' }).skill;
const roundTrip = (s: Skill): Skill | undefined => parseSkill(serializeSkill(s), { folder: s.name }).skill;

/** True when `value` is made only of what JSON holds, plus the numbers YAML writes as `.inf`, `.nan` and `-0`. */
function isPlain(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlain);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlain);
}

describe('tagged values are plain data', () => {
  const cases: [string, unknown][] = [
    ['!!set {b, a}', ['b', 'a']],
    ['!!omap [{b: 1}, {a: !!set {x}}]', { b: 1, a: ['x'] }],
    ['!!timestamp 2001-12-14t21:59:43.10-05:00', '2001-12-15T02:59:43.100Z'],
    ['!!timestamp 2002-12-14', '2002-12-14T00:00:00.000Z'],
    ['!!binary aGVsbG8=', 'aGVsbG8='],
    ['!!binary |\n    aGVs\n    bG8=', 'aGVsbG8='],
    ['[!!set {a}, {k: !!timestamp 2001-01-01}]', [['a'], { k: '2001-01-01T00:00:00.000Z' }]],
  ];
  for (const [yaml, value] of cases) {
    it(`reads ${yaml.split('\n')[0]} as ${JSON.stringify(value)}`, () => {
      const s = parsed(yaml);
      expect(s?.extensions?.['x-v']).toEqual(value);
      expect(isPlain(s?.extensions)).toBe(true);
      expect(roundTrip(s as Skill)?.digest).toBe(s?.digest);
    });
  }
  it('gives different contents different digests', () => {
    const groups = [
      ['!!set {a}', '!!set {b}', '!!set {a, b}', '[]', '{}'],
      ['!!timestamp 2001-01-01', '!!timestamp 2002-01-01', '"2001-01-01"'],
      ['!!binary aGVsbG8=', '!!binary aGVsbG9v', '""'],
      ['!!omap [{a: 1}]', '!!omap [{a: 2}]', '{}'],
      ['.inf', '-.inf', '.nan', '~', '0', '-0', '"Infinity"', '"NaN"'],
    ];
    for (const group of groups) {
      const digests = group.map((v) => parsed(v)?.digest);
      expect(
        digests.every((d) => d !== undefined),
        group.join(' '),
      ).toBe(true);
      expect(new Set(digests).size, group.join(' ')).toBe(group.length);
    }
  });
});

const key = fc.stringMatching(/^[a-z]{1,4}$/);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
/** YAML flow text of values with tags and non-JSON numbers, nested. */
type Parts = { value: string; scalar: string; set: string; omap: string; seq: string; map: string };
const { value: taggedYaml } = fc.letrec<Parts>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('scalar'), tie('set'), tie('omap'), tie('seq'), tie('map')),
  scalar: fc.oneof(
    fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => `!!timestamp "${d.toISOString()}"`),
    fc.uint8Array({ maxLength: 12 }).map((b) => `!!binary "${base64(b)}"`),
    fc.constantFrom('.inf', '-.inf', '.nan', '-0', '0', '1e400', '-1e400', '!!float 1', '!!int 7', 'null', '~', 'true', '0x1F', '0o17', '""', 'x'),
    fc.integer().map(String),
    fc.double({ noNaN: true }).map((n) => (Number.isFinite(n) ? String(n) : n > 0 ? '.inf' : '-.inf')),
  ),
  set: fc.uniqueArray(key, { maxLength: 3 }).map((ks) => `!!set {${ks.join(', ')}}`),
  omap: fc
    .uniqueArray(fc.tuple(key, tie('value')), { selector: (e) => e[0], maxLength: 3 })
    .map((es) => `!!omap [${es.map(([k, v]) => `{${k}: ${v}}`).join(', ')}]`),
  seq: fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
  map: fc.uniqueArray(fc.tuple(key, tie('value')), { selector: (e) => e[0], maxLength: 3 }).map((es) => `{${es.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
}));

describe('digests of tagged values (property)', () => {
  it('parse(serialize(s)).digest === s.digest, and the skill holds plain data only', () => {
    fc.assert(
      fc.property(taggedYaml, (yaml) => {
        const s = parsed(yaml);
        expect(s, yaml).toBeDefined();
        expect(isPlain(s?.extensions)).toBe(true);
        const again = roundTrip(s as Skill);
        expect(again?.digest, yaml).toBe(s?.digest);
        expect(isDeepStrictEqual(again?.extensions, s?.extensions)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it('two front matters share a digest only when they hold the same data', () => {
    fc.assert(
      fc.property(taggedYaml, taggedYaml, (a, b) => {
        const [sa, sb] = [parsed(a), parsed(b)];
        if (sa?.digest === sb?.digest) expect(isDeepStrictEqual(sa?.extensions, sb?.extensions), `${a} | ${b}`).toBe(true);
        else expect(isDeepStrictEqual(sa?.extensions, sb?.extensions)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
