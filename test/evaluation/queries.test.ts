// Reading eval_queries.json and queries files: queries as data, every problem located, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineColumn, MAX_JSON_DEPTH, parseJsonTree, type JsonNode } from '../../src/evaluation/json-tree.js';
import { evalQueriesPathOf, parseEvalQueries, parseQueriesFile } from '../../src/evaluation/queries.js';

const PATH = 'refunds/evals/eval_queries.json';

/** Each diagnostic as `line:column message`. */
function problems(text: string): string[] {
  return parseEvalQueries(text, PATH).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
}

describe('parseEvalQueries', () => {
  it('reads the Agent Skills format', () => {
    const text = '[\n  { "query": "I want my money back", "should_trigger": true },\n  { "query": "where is my parcel", "should_trigger": false }\n]\n';
    expect(parseEvalQueries(text, PATH)).toEqual({
      queries: [
        { query: 'I want my money back', should_trigger: true },
        { query: 'where is my parcel', should_trigger: false },
      ],
      diagnostics: [],
    });
  });

  it('says where the JSON breaks, and why, in words of its own', () => {
    const values = '(a string in double quotes, a number, true, false, null, [ or {)';
    // A trailing comma, in a list and in an object, is reported at the comma.
    expect(problems('[\n  { "query": "a", "should_trigger": true },\n]')).toEqual(['2:43 not JSON: a trailing comma before "]": JSON allows none']);
    expect(problems('[{ "query": "a", "should_trigger": true, }]')).toEqual(['1:40 not JSON: a trailing comma before "}": JSON allows none']);
    expect(problems('[{ "query": "a", "should_trigger": tru }]')).toEqual([`1:36 not JSON: "tru" is not a JSON value ${values}`]);
    expect(problems('[\n  { "query": "a" "should_trigger": true }\n]')).toEqual(['2:18 not JSON: a comma or a closing } was expected']);
    expect(problems('[{ "query": "a" }\n { "query": "b" }]')).toEqual(['2:2 not JSON: a comma or a closing ] was expected']);
    // An unclosed string is reported where it opens.
    expect(problems('[{ "query": "a\n", "should_trigger": true }]')).toEqual(['1:13 not JSON: a string is not closed before the end of its line']);
    expect(problems('[] []')).toEqual(['1:4 not JSON: unexpected text after the JSON value']);
    expect(problems('[]\n\nx')).toEqual([`3:1 not JSON: "x" is not a JSON value ${values}`]);
    expect(problems("[{ 'query': 'a' }]")[0]).toMatch(/^1:4 not JSON: "'query'" is not a JSON value/);
    expect(problems('\uFEFF[1 2]')).toEqual(['1:5 not JSON: a comma or a closing ] was expected']);
    expect(problems('[\n  1,,2]')).toEqual([`2:5 not JSON: a value was expected ${values}`]);
    expect(problems('[1, // two\n2]')).toEqual(['1:5 not JSON: JSON allows no comments']);
    expect(problems('[{ "query": "a\\x" }]')[0]).toMatch(/^1:13 not JSON: a string has an escape JSON does not know/);
    expect(problems('[{ "query": "a"')).toEqual(['1:16 not JSON: a closing } was expected']);
    expect(problems('')).toEqual(['1:1 not JSON: the text ends where a value should be']);
  });

  it('says what is wrong with each item, at the item or its value, and keeps the others', () => {
    const text = [
      '[',
      '  { "query": "ok", "should_trigger": true },',
      '  { "query": 12, "should_trigger": true },',
      '  { "query": "no flag" },',
      '  { "query": "dash", "should-trigger": false },',
      '  { "query": "  ", "should_trigger": "false" },',
      '  "just a string"',
      ']',
    ].join('\n');
    const read = parseEvalQueries(text, PATH);
    expect(read.queries).toEqual([{ query: 'ok', should_trigger: true }]);
    expect(problems(text)).toEqual([
      '3:14 item 2: "query" must be a string, not a number (12)',
      '4:3 item 3: has no "should_trigger"',
      '5:3 item 4: has no "should_trigger" (found "should-trigger")',
      '6:14 item 5: "query" is empty',
      '6:38 item 5: "should_trigger" must be true or false, not a string ("false")',
      '7:3 item 6: must be an object, { "query": "…", "should_trigger": true }, not a string ("just a string")',
    ]);
    expect(read.diagnostics.every((d) => d.path === PATH)).toBe(true);
  });

  it('wants a list at the top', () => {
    expect(problems('{ "query": "a", "should_trigger": true }')).toEqual([
      '1:1 the file must hold a list of queries, [{ "query": "…", "should_trigger": true }, …], not an object',
    ]);
  });

  it('takes a byte-order mark, and the last of a key given twice, as JSON.parse does', () => {
    expect(parseEvalQueries('\uFEFF[{ "query": "a", "should_trigger": true, "should_trigger": false }]', PATH).queries).toEqual([
      { query: 'a', should_trigger: false },
    ]);
  });
});

describe('parseQueriesFile', () => {
  it('maps skill names to their queries; a name whose value is not a list is reported and the others kept', () => {
    const text = '{\n  "refunds": [{ "query": "refund me", "should_trigger": true }],\n  "orders": { "query": "where is it" },\n  "__proto__": []\n}';
    const read = parseQueriesFile(text, 'evals.json');
    expect(read.queries).toEqual(
      Object.fromEntries([
        ['refunds', [{ query: 'refund me', should_trigger: true }]],
        ['__proto__', []],
      ]),
    );
    expect(Object.hasOwn(read.queries, '__proto__')).toBe(true);
    expect(read.diagnostics).toEqual([
      {
        path: 'evals.json',
        line: 3,
        column: 13,
        message: 'the queries of "orders" must be a list, [{ "query": "…", "should_trigger": true }, …], not an object',
      },
    ]);
  });

  it('names the skill in an item’s problem, and wants an object at the top', () => {
    const read = parseQueriesFile('{ "refunds": [{ "query": "a" }] }', 'evals.json');
    expect(read.diagnostics.map((d) => d.message)).toEqual(['item 1 of "refunds": has no "should_trigger"']);
    expect(parseQueriesFile('[]', 'evals.json').diagnostics.map((d) => d.message)).toEqual([
      'the file must map skill names to lists of queries, { "skill-name": [{ "query": "…", "should_trigger": true }, …] }, not a list',
    ]);
  });
});

describe('evalQueriesPathOf', () => {
  it('is beside the SKILL.md, or under the name', () => {
    expect(evalQueriesPathOf({ name: 'pdf', path: '/skills/pdf/SKILL.md' })).toBe('/skills/pdf/evals/eval_queries.json');
    expect(evalQueriesPathOf({ name: 'pdf', path: 'C:\\skills\\pdf\\SKILL.md' })).toBe('C:\\skills\\pdf\\evals/eval_queries.json');
    expect(evalQueriesPathOf({ name: 'pdf' })).toBe('pdf/evals/eval_queries.json');
  });
});

/** The value a tree stands for. */
function valueOf(node: JsonNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'array') return node.items.map(valueOf);
  return Object.fromEntries(node.entries.map((e) => [e.key, valueOf(e.value)]));
}

describe('parseJsonTree', () => {
  it('reads what JSON.parse reads, to the same value', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'small' }), fc.constantFrom('', ' ', '\n\t'), (text, space) => {
        const spaced = JSON.stringify(JSON.parse(text), null, space);
        for (const t of [text, spaced]) {
          const tree = parseJsonTree(t);
          expect(tree.ok).toBe(true);
          if (tree.ok) expect(valueOf(tree.node)).toEqual(JSON.parse(t));
        }
      }),
    );
  });

  it('refuses what JSON.parse refuses', () => {
    const refuses = (t: string) => {
      try {
        JSON.parse(t);
        return false;
      } catch {
        return true;
      }
    };
    const pieces = fc.constantFrom(
      '[',
      ']',
      '{',
      '}',
      ',',
      ':',
      '"a"',
      '"\\u00e9"',
      '"\\x"',
      '1',
      '-',
      '01',
      '1.',
      '.5',
      '1e5',
      'true',
      'nul',
      ' ',
      '\n',
      '"\n"',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        expect(parseJsonTree(text).ok).toBe(!refuses(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('stops at its depth bound instead of overflowing the stack', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(parseJsonTree(deep)).toMatchObject({ ok: false, at: MAX_JSON_DEPTH, message: `nesting deeper than ${MAX_JSON_DEPTH} levels` });
    expect(parseJsonTree('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonTree(`[${'{"a":[1],"b":{}},'.repeat(1000)}0]`).ok).toBe(true);
    // jsonc-parser recurses per bracket it opens, so far deeper text is refused before it is parsed: valid or not,
    // brackets in strings and comments aside, and brackets it opens in text it recovers from, however they close.
    expect(parseJsonTree('['.repeat(100_000) + ']'.repeat(100_000))).toMatchObject({ ok: false, at: MAX_JSON_DEPTH });
    expect(parseJsonTree('{"a":'.repeat(100_000))).toMatchObject({ ok: false, at: 5 * MAX_JSON_DEPTH });
    expect(parseJsonTree('[},'.repeat(100_000))).toMatchObject({ ok: false, at: 3 * MAX_JSON_DEPTH });
    expect(parseJsonTree('[/*]*/'.repeat(100_000))).toMatchObject({ ok: false, at: 6 * MAX_JSON_DEPTH });
    expect(parseJsonTree('["]\n'.repeat(100_000))).toMatchObject({ ok: false, at: 4 * MAX_JSON_DEPTH });
    expect(parseJsonTree(`["\\"${'['.repeat(100_000)}"]`).ok).toBe(true);
    expect(parseJsonTree(`[${'"\\\\",['.repeat(100_000)}`)).toMatchObject({ ok: false, at: 6 * MAX_JSON_DEPTH });
  });

  it('reads a bare carriage return as the whitespace it is in JSON', () => {
    const tree = parseJsonTree('{"a":"b",\r"c":"d"}');
    expect(tree.ok && tree.node.kind === 'object' && tree.node.entries.map((e) => [e.key, e.at])).toEqual([
      ['a', 1],
      ['c', 10],
    ]);
  });

  it('gives 1-based lines and columns', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\n', 2)).toEqual({ line: 1, column: 3 });
  });
});
