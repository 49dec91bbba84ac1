// The routing bench's learning replay: which turns are learned and which judged, what its figures count, and that a
// learned turn reaches the ranking of the next ones through the real loader (or the rows would measure nothing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaySplit, replayStats, runLearningReplay, type JudgedTurn } from '../../bench/routing/learning-replay.js';
import type { RoutingSet } from '../../bench/routing/routing-data.js';

const set: RoutingSet = {
  name: 'MetaTool (tiny)',
  tools: [
    { id: 'w', name: 'WeatherTool', description: 'Forecasts for any city.' },
    { id: 'c', name: 'CookTool', description: 'Recipes and meal plans.' },
  ],
  queries: [
    { text: 'will it rain tomorrow in oslo', expected: ['w'] },
    { text: 'tell me a joke', expected: [] },
    { text: 'what can I make with leeks and potatoes tonight', expected: ['c'] },
    { text: 'rain all day, what soup can I make', expected: ['w', 'c'] },
    { text: 'will it rain on sunday in rome', expected: ['w'] },
    { text: 'what can I make with rice and beans tonight', expected: ['c'] },
    { text: 'will it rain this weekend in bergen', expected: ['w'] },
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'satchel-learning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the learning replay', () => {
  it('learns each tool its first k turns in file order and judges every other turn', () => {
    const none = replaySplit(set, 0);
    expect(none.learn).toEqual([]);
    expect(none.judge).toHaveLength(set.queries.length);
    const one = replaySplit(set, 1);
    expect(one.learn).toEqual([
      { id: 'w', text: 'will it rain tomorrow in oslo' },
      { id: 'c', text: 'what can I make with leeks and potatoes tonight' },
    ]);
    expect(one.judge.map((q) => q.text)).toEqual([
      'tell me a joke',
      'rain all day, what soup can I make',
      'will it rain on sunday in rome',
      'what can I make with rice and beans tonight',
      'will it rain this weekend in bergen',
    ]);
    // The soup turn is the second of both tools: learned for each, and judged for neither.
    const two = replaySplit(set, 2);
    expect(two.learn.filter((t) => t.text.startsWith('rain all day')).map((t) => t.id)).toEqual(['w', 'c']);
    expect(two.judge.map((q) => q.text)).toEqual([
      'tell me a joke',
      'will it rain on sunday in rome',
      'what can I make with rice and beans tonight',
      'will it rain this weekend in bergen',
    ]);
  });

  it('counts kept over the right first places, and false activation over the turns expecting nothing', () => {
    const turn = (expected: string[], ranking: string[], activated: string[]): JudgedTurn => ({
      ranked: { text: '', expected: new Set(expected), hits: ranking.map((name) => ({ name, score: 0.5, terms: [], words: [], coverage: 1 })) },
      activated,
    });
    const stats = replayStats([
      turn(['a'], ['a', 'b'], ['a']),
      turn(['a'], ['a', 'b'], []),
      turn(['b'], ['a', 'b'], ['a', 'b']),
      turn([], ['a', 'b'], ['a']),
      turn([], ['b', 'a'], []),
    ]);
    expect(stats).toMatchObject({ top1: 66.67, kept: 50, recall: 66.67, falseActivation: 50 });
  });

  it('ranks a judged turn by what was learned before it, through the loader', async () => {
    const file = join(dir, 'tiny.json');
    writeFileSync(file, JSON.stringify(set));
    const lines: string[] = [];
    const rows = await runLearningReplay([file], (line) => lines.push(line));
    expect(rows.map((r) => r.k)).toEqual([0, 1, 3, 5]);
    expect(lines).toHaveLength(4);
    const [k0, k1] = rows;
    // Nothing in the descriptions matches these turns; one learned turn of each tool puts it first for its others.
    expect(k0?.top1).toBe(0);
    expect(k1).toMatchObject({ mode: 'lexical', learned: 2, inScope: 4, outOfScope: 1, top1: 100 });
    expect(rows.map((r) => r.target?.top1AtLeast)).toEqual([undefined, undefined, undefined, 48]);
  });
});
