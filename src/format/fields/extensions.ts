/**
 * Satchel's extension fields (`version`, `intents`, `activation`,
 * `execution`, …) and tool lists, read into skill properties; a value of
 * the wrong shape is ignored with an `extension-value` warning.
 * @module
 */
import { isRecord, sameValue, scalarText, spellingConflict, splitTools, type FieldContext } from './values.js';
import type { Activation, SkillExecution, ToolMode } from '../types.js';

const ACTIVATIONS: readonly Activation[] = ['auto', 'manual', 'intent-matched'];

/** A tool list from text (split on blanks and commas outside parentheses) or a YAML list; `spec` flags a list as `allowed-tools-format`. */
export function readToolList(value: unknown, key: string, ctx: FieldContext, spec: boolean): string[] | undefined {
  if (typeof value === 'string') return splitTools(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    if (spec) ctx.report('allowed-tools-format', `\`${key}\` is a YAML list; the specification asks for one space-separated line.`, key);
    return value.map((v) => v.trim()).filter((v) => v !== '');
  }
  ctx.report(spec ? 'allowed-tools-type' : 'extension-value', `\`${key}\` must be text or a list of text; it was ignored.`, key);
  return undefined;
}

/** Reads every Satchel extension field present in `byKey` (canonical kebab keys) into `out`. */
export function readExtensions(byKey: Map<string, unknown>, ctx: FieldContext, out: Record<string, unknown>): void {
  readText(byKey, 'version', 'version', ctx, out);
  readText(byKey, 'author', 'author', ctx, out);
  readText(byKey, 'argument-hint', 'argumentHint', ctx, out);
  if (byKey.has('disallowed-tools')) {
    const tools = readToolList(byKey.get('disallowed-tools'), 'disallowed-tools', ctx, false);
    if (tools) out['disallowedTools'] = tools;
  }
  readEnum(byKey, 'tool-mode', 'toolMode', ['inherit', 'none'] satisfies ToolMode[], ctx, out);
  readEnum(byKey, 'activation', 'activation', ACTIVATIONS, ctx, out);
  readStrings(byKey, 'intents', ctx, out);
  readStrings(byKey, 'examples', ctx, out);
  readBoolean(byKey, 'disable-model-invocation', 'disableModelInvocation', ctx, out);
  readBoolean(byKey, 'user-invocable', 'userInvocable', ctx, out);
  if (byKey.has('execution')) readExecution(byKey.get('execution'), ctx, out);
}

function readText(byKey: Map<string, unknown>, key: string, prop: string, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const text = scalarText(byKey.get(key), ctx, [key]);
  if (text === undefined) ctx.report('extension-value', `\`${key}\` must be text; it was ignored.`, key);
  else out[prop] = text;
}

function readEnum(byKey: Map<string, unknown>, key: string, prop: string, allowed: readonly string[], ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const value = byKey.get(key);
  if (typeof value === 'string' && allowed.includes(value)) out[prop] = value;
  else ctx.report('extension-value', `\`${key}\` must be one of ${allowed.map((a) => `\`${a}\``).join(', ')}; it was ignored.`, key);
}

function readStrings(byKey: Map<string, unknown>, key: 'intents' | 'examples', ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const value = byKey.get(key);
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list || !list.every((v) => typeof v === 'string')) {
    ctx.report('extension-value', `\`${key}\` must be a list of text; it was ignored.`, key);
    return;
  }
  const cleaned = list.map((v: string) => v.trim()).filter((v) => v !== '');
  if (cleaned.length > 0) out[key] = cleaned;
}

function readBoolean(byKey: Map<string, unknown>, key: string, prop: string, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!byKey.has(key)) return;
  const value = byKey.get(key);
  if (typeof value === 'boolean') out[prop] = value;
  else ctx.report('extension-value', `\`${key}\` must be \`true\` or \`false\`; it was ignored.`, key);
}

/** The value of a key written either way; both ways with different values is a `key-spelling-conflict`. */
function eitherSpelling(value: Record<string, unknown>, camel: string, kebab: string, ctx: FieldContext): unknown {
  const a = value[camel];
  const b = value[kebab];
  if (a !== undefined && b !== undefined && !sameValue(a, b)) {
    const keys = Object.keys(value);
    const [first, second] = keys.indexOf(camel) < keys.indexOf(kebab) ? [camel, kebab] : [kebab, camel];
    spellingConflict(ctx, [first, second], ['execution', second]);
  }
  return a ?? b;
}

function readExecution(value: unknown, ctx: FieldContext, out: Record<string, unknown>): void {
  if (!isRecord(value)) {
    ctx.report('extension-value', '`execution` must be a map with `maxSteps`, `timeout` and `canDelegate`; it was ignored.', 'execution');
    return;
  }
  const execution: SkillExecution = {};
  const steps = eitherSpelling(value, 'maxSteps', 'max-steps', ctx);
  const timeout = value['timeout'];
  const delegate = eitherSpelling(value, 'canDelegate', 'can-delegate', ctx);
  if (steps !== undefined) {
    if (Number.isInteger(steps) && (steps as number) > 0) execution.maxSteps = steps as number;
    else ctx.report('extension-value', '`execution.maxSteps` must be a positive whole number.', 'execution');
  }
  if (timeout !== undefined) {
    if (typeof timeout === 'number' && timeout > 0) execution.timeout = timeout;
    else ctx.report('extension-value', '`execution.timeout` must be a positive number of milliseconds.', 'execution');
  }
  if (delegate !== undefined) {
    if (typeof delegate === 'boolean') execution.canDelegate = delegate;
    else ctx.report('extension-value', '`execution.canDelegate` must be `true` or `false`.', 'execution');
  }
  out['execution'] = execution;
}
