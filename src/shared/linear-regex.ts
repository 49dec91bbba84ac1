/**
 * A regular expression engine that runs in time linear in the text: the
 * pattern becomes a Thompson NFA, and a line is searched by stepping the
 * set of live states one code point at a time, so no pattern can backtrack
 * (`(a+)+b` on a long line of `a`s costs what `ab` does). The syntax is the
 * common subset: literals and escapes, `.`, classes (`[a-z]`, `[^…]`, `\d`
 * `\w` `\s` and their negations), `^` `$` (line anchors), `*` `+` `?`
 * `{m}` `{m,}` `{m,n}` (a trailing `?` is accepted: only whether a line
 * matches is asked), `|`, `(…)` and `(?:…)`. Backreferences and lookaround
 * cannot run in linear time and are refused.
 * @module
 */

/** A compiled pattern: `test(line)` says whether it occurs in `line`. */
export interface LinearRegex {
  test(line: string): boolean;
}

/** Most NFA states a pattern may compile to (counted repeats multiply). */
export const MAX_REGEX_STATES = 20_000;

type Test = (c: number) => boolean;
type State = { kind: 'char'; test: Test; out: number } | { kind: 'split'; a: number; b: number } | { kind: 'bol' | 'eol'; out: number } | { kind: 'match' };
type Node =
  | { t: 'char'; test: Test }
  | { t: 'bol' }
  | { t: 'eol' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'repeat'; node: Node; min: number; max: number };

/**
 * Compiles `pattern`; throws a `SyntaxError` whose message says what is
 * wrong (unsupported syntax, an unbalanced group, too many states).
 *
 * @example
 * ```ts
 * compileLinearRegex('^def\\s+\\w+\\(').test('def npv(rate):') // true
 * ```
 */
export function compileLinearRegex(pattern: string, options: { ignoreCase?: boolean } = {}): LinearRegex {
  const parser = new Parser(pattern, options.ignoreCase === true);
  const ast = parser.alternation();
  if (parser.at < pattern.length) throw new SyntaxError(`Unbalanced \`)\` at ${parser.at}.`);
  const states: State[] = [];
  const add = (s: State): number => {
    if (states.length >= MAX_REGEX_STATES) throw new SyntaxError(`The pattern is too large (more than ${MAX_REGEX_STATES} states); simplify its repeats.`);
    states.push(s);
    return states.length - 1;
  };
  const compile = (node: Node, next: number): number => {
    switch (node.t) {
      case 'char':
        return add({ kind: 'char', test: node.test, out: next });
      case 'bol':
      case 'eol':
        return add({ kind: node.t, out: next });
      case 'seq':
        return node.items.reduceRight((to, item) => compile(item, to), next);
      case 'alt':
        return node.options
          .slice(0, -1)
          .reduceRight(
            (rest, option) => add({ kind: 'split', a: compile(option, next), b: rest }),
            compile(node.options[node.options.length - 1] as Node, next),
          );
      case 'repeat':
        return compileRepeat(node, next);
    }
  };
  const compileRepeat = (node: { node: Node; min: number; max: number }, next: number): number => {
    let tail: number;
    if (node.max === Infinity) {
      const loop = add({ kind: 'split', a: -1, b: next });
      (states[loop] as { a: number }).a = compile(node.node, loop);
      tail = loop;
    } else {
      tail = next;
      for (let i = node.min; i < node.max; i++) tail = add({ kind: 'split', a: compile(node.node, tail), b: next });
    }
    for (let i = 0; i < node.min; i++) tail = compile(node.node, tail);
    return tail;
  };
  const start = compile(ast, add({ kind: 'match' }));
  return { test: (line) => run(states, start, line, options.ignoreCase === true) };
}

/** Steps every live state over the line's code points; true at the first match. */
function run(states: readonly State[], start: number, line: string, fold: boolean): boolean {
  const chars = Array.from(line, (ch) => (fold ? foldCase(ch.codePointAt(0) as number) : (ch.codePointAt(0) as number)));
  const seen = new Uint32Array(states.length);
  let mark = 0;
  let current: number[] = [];
  const follow = (list: number[], s: number, at: number): boolean => {
    const stack = [s];
    while (stack.length > 0) {
      const i = stack.pop() as number;
      if (seen[i] === mark) continue;
      seen[i] = mark;
      const state = states[i] as State;
      if (state.kind === 'match') return true;
      if (state.kind === 'split') stack.push(state.b, state.a);
      else if (state.kind === 'bol') at === 0 ? stack.push(state.out) : 0;
      else if (state.kind === 'eol') at === chars.length ? stack.push(state.out) : 0;
      else list.push(i);
    }
    return false;
  };
  for (let at = 0; at <= chars.length; at++) {
    mark++;
    const next: number[] = [];
    for (const i of current) {
      const state = states[i] as { test: Test; out: number };
      if (state.test(chars[at - 1] as number) && follow(next, state.out, at)) return true;
    }
    // Unanchored: a match may also start here.
    if (follow(next, start, at)) return true;
    current = next;
  }
  return false;
}

function foldCase(c: number): number {
  return String.fromCodePoint(c).toLowerCase().codePointAt(0) ?? c;
}

const DIGIT: Test = (c) => c >= 48 && c <= 57;
const WORD: Test = (c) => DIGIT(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const SPACE: Test = (c) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029 || (c >= 0x2000 && c <= 0x200a);
const CLASSES: Readonly<Record<string, Test>> = { d: DIGIT, D: (c) => !DIGIT(c), w: WORD, W: (c) => !WORD(c), s: SPACE, S: (c) => !SPACE(c) };
const CONTROL: Readonly<Record<string, number>> = { t: 9, n: 10, r: 13, f: 12, v: 11, '0': 0 };

class Parser {
  at = 0;
  readonly #p: string;
  readonly #fold: boolean;

  constructor(pattern: string, fold: boolean) {
    this.#p = pattern;
    this.#fold = fold;
  }

  alternation(): Node {
    const options = [this.#sequence()];
    while (this.#p[this.at] === '|') {
      this.at++;
      options.push(this.#sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { t: 'alt', options };
  }

  #sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.#p.length && this.#p[this.at] !== '|' && this.#p[this.at] !== ')') items.push(this.#quantified(this.#atom()));
    return { t: 'seq', items };
  }

  #quantified(node: Node): Node {
    const c = this.#p[this.at];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.#p.slice(this.at))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.#p.slice(this.at)) as RegExpExecArray;
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (max < min || min > 1000 || (max !== Infinity && max > 1000)) throw new SyntaxError(`The repeat \`${m[0]}\` is out of order or over 1000.`);
    } else return node;
    if (this.#p[this.at] === '?') this.at++; // lazy: the same lines match
    if (node.t === 'bol' || node.t === 'eol') throw new SyntaxError('An anchor cannot be repeated.');
    return this.#quantified({ t: 'repeat', node, min, max });
  }

  #atom(): Node {
    const c = this.#p[this.at++] as string;
    if (c === '.') return { t: 'char', test: (x) => x !== 10 && x !== 13 };
    if (c === '^') return { t: 'bol' };
    if (c === '$') return { t: 'eol' };
    if (c === '[') return { t: 'char', test: this.#class() };
    if (c === '\\') return { t: 'char', test: this.#escape(false) };
    if (c === '(') {
      if (this.#p.startsWith('?:', this.at)) this.at += 2;
      else if (this.#p[this.at] === '?') throw new SyntaxError('Lookaround and named groups are not supported (they cannot run in linear time).');
      const inner = this.alternation();
      if (this.#p[this.at] !== ')') throw new SyntaxError('A `(` is never closed.');
      this.at++;
      return inner;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') throw new SyntaxError(`Nothing to repeat before \`${c}\` at ${this.at - 1}.`);
    this.at--;
    const code = this.#p.codePointAt(this.at) as number;
    this.at += code > 0xffff ? 2 : 1;
    return { t: 'char', test: this.#literal(code) };
  }

  #literal(code: number): Test {
    const want = this.#fold ? foldCase(code) : code;
    return (x) => x === want;
  }

  #escape(inClass: boolean): Test {
    const c = this.#p[this.at++];
    if (c === undefined) throw new SyntaxError('The pattern ends with a lone `\\`.');
    const named = CLASSES[c];
    if (named) return named;
    if (/[1-9]/.test(c)) throw new SyntaxError('Backreferences are not supported (they cannot run in linear time).');
    if (!inClass && (c === 'b' || c === 'B')) throw new SyntaxError('`\\b` is not supported; use `\\W` or `^`/`$`.');
    return this.#literal(CONTROL[c] ?? (c.codePointAt(0) as number));
  }

  #class(): Test {
    const negated = this.#p[this.at] === '^';
    if (negated) this.at++;
    const parts: Test[] = [];
    let first = true;
    while (this.#p[this.at] !== ']' || first) {
      first = false;
      if (this.at >= this.#p.length) throw new SyntaxError('A `[` is never closed.');
      const low = this.#classChar();
      if (typeof low === 'function') {
        parts.push(low);
        continue;
      }
      if (this.#p[this.at] === '-' && this.#p[this.at + 1] !== ']' && this.at + 1 < this.#p.length) {
        this.at++;
        const high = this.#classChar();
        if (typeof high === 'function' || high < low) throw new SyntaxError('A class range is out of order.');
        parts.push(
          this.#fold
            ? (x) => [x, String.fromCodePoint(x).toUpperCase().codePointAt(0) as number].some((y) => y >= low && y <= high)
            : (x) => x >= low && x <= high,
        );
      } else parts.push(this.#literal(low));
    }
    this.at++;
    return negated ? (x) => !parts.some((p) => p(x)) : (x) => parts.some((p) => p(x));
  }

  /** One class member: a code point, or a named class (`\d`). */
  #classChar(): number | Test {
    const c = this.#p[this.at];
    if (c === '\\') {
      this.at++;
      const e = this.#p[this.at];
      if (e !== undefined && CLASSES[e]) {
        this.at++;
        return CLASSES[e];
      }
      this.at++;
      if (e === undefined) throw new SyntaxError('The pattern ends with a lone `\\`.');
      return CONTROL[e] ?? (e === 'b' ? 8 : (e.codePointAt(0) as number));
    }
    const code = this.#p.codePointAt(this.at) as number;
    this.at += code > 0xffff ? 2 : 1;
    return this.#fold ? foldCase(code) : code;
  }
}
