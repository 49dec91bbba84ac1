/**
 * Tool definitions in the shapes model providers take, from the same tool
 * objects, with no dependency on their SDKs. Provider tool names allow no
 * dots, so `skills.load` is sent as `skills_load`; {@link findTool} maps a
 * call back to its tool.
 * @module
 */
import { SkillError } from '../format/errors.js';
import { providerToolName } from './tool-names.js';
import type { JsonSchema } from './tools.js';

/** The part of a tool a definition needs. */
export interface DescribedTool {
  readonly id: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

/** An OpenAI Chat Completions function tool. */
export interface OpenAIChatTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

/** An OpenAI Responses API function tool. */
export interface OpenAIResponsesTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  /** Strict mode needs every property required; `skills.load`'s `arguments` is optional. */
  readonly strict: false;
}

/**
 * An object's JSON Schema as Anthropic's `Tool.InputSchema` types it:
 * `type: 'object'` and a mutable `required` list, other keywords as given.
 */
export interface ObjectJsonSchema {
  readonly type: 'object';
  readonly properties?: unknown;
  readonly required?: string[];
  readonly [keyword: string]: unknown;
}

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: ObjectJsonSchema;
}

/** A Gemini function declaration (`@google/genai`), its input given as JSON Schema. */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema: JsonSchema;
}

/**
 * The OpenAI Chat Completions shape (`tools` of `chat.completions.create`).
 *
 * @example
 * ```ts
 * const tools = skills.tools.map(toOpenAITool)   // [{ type: 'function', function: { name: 'skills_load', … } }, …]
 * ```
 */
export function toOpenAITool(tool: DescribedTool): OpenAIChatTool {
  return { type: 'function', function: { name: providerToolName(tool.id), description: tool.description, parameters: tool.inputSchema } };
}

/** The OpenAI Responses API shape (`tools` of `responses.create`). */
export function toOpenAIResponsesTool(tool: DescribedTool): OpenAIResponsesTool {
  return { type: 'function', name: providerToolName(tool.id), description: tool.description, parameters: tool.inputSchema, strict: false };
}

/**
 * The Anthropic shape (`tools` of `messages.create`).
 *
 * @example
 * ```ts
 * const tools = skills.tools.map(toAnthropicTool) // [{ name: 'skills_load', description, input_schema }, …]
 * ```
 */
export function toAnthropicTool(tool: DescribedTool): AnthropicTool {
  return { name: providerToolName(tool.id), description: tool.description, input_schema: objectSchemaOf(tool) };
}

/**
 * The Gemini shape (`config.tools[].functionDeclarations` of
 * `models.generateContent` in `@google/genai`).
 *
 * @example
 * ```ts
 * const tools = [{ functionDeclarations: skills.tools.map(toGeminiFunctionDeclaration) }]
 * ```
 */
export function toGeminiFunctionDeclaration(tool: DescribedTool): GeminiFunctionDeclaration {
  return { name: providerToolName(tool.id), description: tool.description, parametersJsonSchema: tool.inputSchema };
}

/**
 * The input schema of `tool` as an object schema, copied so the result owns
 * its `required` list.
 *
 * @throws {SkillError} `INVALID_INPUT` when the schema does not describe an object (providers take no other).
 */
export function objectSchemaOf(tool: DescribedTool): ObjectJsonSchema {
  const schema = tool.inputSchema;
  if (schema['type'] !== 'object')
    throw new SkillError('INVALID_INPUT', `Tool ${tool.id} has an input schema that is not an object; model providers take only objects.`);
  const required = schema['required'];
  const names = Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : undefined;
  return { ...schema, type: 'object', ...(names ? { required: names } : {}) };
}

/**
 * The tool a model called, by its id (`skills.load`) or its provider name
 * (`skills_load`); `undefined` when none matches.
 *
 * @example
 * ```ts
 * const tool = findTool(skills.tools, call.name)
 * const result = tool && (await runTool(tool, JSON.parse(call.arguments), { grants }))
 * ```
 */
export function findTool<T extends { readonly id: string }>(tools: readonly T[], name: string): T | undefined {
  return tools.find((t) => t.id === name) ?? tools.find((t) => providerToolName(t.id) === name);
}

/** A tool definition {@link toolNamesOf} reads a name from: any of the shapes above, an MCP `Tool`, a name. */
export type NamedToolDefinition =
  | string
  | { readonly name: string }
  | { readonly id: string }
  | { readonly function: { readonly name: string } }
  | { readonly functionDeclarations: readonly { readonly name: string }[] };

/**
 * The names of the tools an app gives its model, for `new SkillLoader({ availableTools })`: from a list of tool
 * definitions (OpenAI Chat `function.name`, OpenAI Responses, Anthropic, an MCP `listTools()` tool or a Gemini
 * declaration by `name`, a Gemini tool's `functionDeclarations`, a Satchel tool by `id`, or plain names), or from a
 * Vercel AI SDK `ToolSet` (its keys, the names the model calls). `INVALID_INPUT` for an entry with no name.
 *
 * @example
 * ```ts
 * const tools = { web_search: tool({ … }), read_file: tool({ … }) }   // an AI SDK ToolSet
 * const loader = new SkillLoader({ builtin, availableTools: toolNamesOf(tools) })
 * ```
 */
export function toolNamesOf(tools: readonly NamedToolDefinition[] | Readonly<Record<string, unknown>>): string[] {
  if (typeof tools !== 'object' || tools === null) throw new SkillError('INVALID_INPUT', '`toolNamesOf` takes a list of tool definitions or a ToolSet.');
  const names = Array.isArray(tools) ? tools.flatMap((t: unknown) => namesOfDefinition(t)) : Object.keys(tools);
  return [...new Set(names)];
}

function namesOfDefinition(tool: unknown): string[] {
  if (typeof tool === 'string') return [tool];
  const t = (typeof tool === 'object' && tool !== null ? tool : {}) as Record<string, unknown>;
  const fn = t['function'] as Record<string, unknown> | undefined;
  if (typeof fn === 'object' && fn !== null && typeof fn['name'] === 'string') return [fn['name']];
  if (typeof t['name'] === 'string') return [t['name']];
  if (typeof t['id'] === 'string') return [t['id']];
  if (Array.isArray(t['functionDeclarations'])) return t['functionDeclarations'].flatMap((d: unknown) => namesOfDefinition(d));
  throw new SkillError('INVALID_INPUT', 'A tool definition has no name (`name`, `function.name`, `id` or `functionDeclarations`).');
}
