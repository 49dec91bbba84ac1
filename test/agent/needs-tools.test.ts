// The tools an app already has, as `availableTools`: the names of provider tool lists and of an AI SDK ToolSet
// (`toolNamesOf`), and of an MCP server's `tools/list` (`mcpToolNames`), read through the real SDKs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { generateText, isStepCount, jsonSchema, tool, type ToolSet } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { memorySource, SkillLoader, toAnthropicTool, toGeminiFunctionDeclaration, toOpenAITool, toOpenAIResponsesTool } from '../../src/index.js';
import { createSkillToolSet, toolNamesOf } from '../../src/ai-sdk/index.js';
import { mcpToolNames, type McpToolClient } from '../../src/mcp/index.js';
import { rejected, thrown } from '../support/errors.js';
import { skillMd } from '../support/skill-md.js';

const noop = tool({ description: 'A tool.', inputSchema: jsonSchema<unknown>({ type: 'object' }), execute: async () => 'done' });
const described = { id: 'crm.lookup', description: 'Look up a customer.', inputSchema: { type: 'object' } };

describe('toolNamesOf', () => {
  it('reads the names of an AI SDK ToolSet: its keys, as the model calls them', () => {
    const tools: ToolSet = { web_search: noop, read_file: noop };
    expect(toolNamesOf(tools)).toEqual(['web_search', 'read_file']);
  });

  it('reads the names of every provider shape, a Gemini tool group, Satchel tools and plain names, once each', () => {
    const list = [
      toOpenAITool(described),
      toOpenAIResponsesTool({ ...described, id: 'crm.refund' }),
      toAnthropicTool({ ...described, id: 'crm.note' }),
      { functionDeclarations: [toGeminiFunctionDeclaration({ ...described, id: 'crm.tag' })] },
      described,
      'web_search',
      'web_search',
    ];
    expect(toolNamesOf(list)).toEqual(['crm_lookup', 'crm_refund', 'crm_note', 'crm_tag', 'crm.lookup', 'web_search']);
  });

  it('refuses an entry with no name, and a value that is no list or set', () => {
    expect(thrown(() => toolNamesOf([{ description: 'nameless' } as never])).code).toBe('INVALID_INPUT');
    expect(thrown(() => toolNamesOf(null as never)).code).toBe('INVALID_INPUT');
  });

  it('gives a loader the tools of the ToolSet it runs with, Satchel’s own included', async () => {
    const files = {
      'pdf/SKILL.md': skillMd('pdf', { front: { metadata: { dependencies: { all: ['read_pdf'] } } } }),
      'search/SKILL.md': skillMd('search', { front: { metadata: { dependencies: { all: ['web_search', 'skills_read'] } } } }),
    };
    const probe = new SkillLoader({ builtin: memorySource(files) });
    await probe.loadAll();
    const tools: ToolSet = { web_search: noop, ...createSkillToolSet(probe, { grants: probe.permissions, fileTools: false }) };
    const loader = new SkillLoader({ builtin: memorySource(files), availableTools: toolNamesOf(tools) });
    await loader.loadAll();
    expect(loader.unmetNeeds('pdf')).toEqual({ missing: ['read_pdf'], anyOf: [] });
    expect(loader.unmetNeeds('search')).toBeUndefined();
    expect(loader.catalog()).not.toContain('- pdf');
  });
});

describe('skills.load of a skill whose needs are unmet, in generateText', () => {
  it('hands the model what is missing as a tool error, never the instructions', async () => {
    const files = {
      'pdf/SKILL.md': skillMd('pdf', { body: 'Call read_pdf on every file.', front: { metadata: { dependencies: { all: ['read_pdf'] } } } }),
      'notes/SKILL.md': skillMd('notes'),
    };
    const loader = new SkillLoader({ builtin: memorySource(files), availableTools: ['web_search'] });
    await loader.loadAll();
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'skills_load', input: JSON.stringify({ name: 'pdf' }) }],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        },
        { content: [{ type: 'text', text: 'I cannot read PDFs here.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
      ],
    });
    const tools: ToolSet = { web_search: noop, ...createSkillToolSet(loader, { grants: loader.permissions }) };
    const result = await generateText({ model, tools, prompt: 'Merge a.pdf and b.pdf.', stopWhen: isStepCount(3) });
    const error = result.steps[0]?.content.find((p) => p.type === 'tool-error');
    expect(error).toMatchObject({ toolName: 'skills_load', error: { code: 'NEEDS_UNMET' } });
    const fedBack = JSON.stringify(model.doGenerateCalls[1]?.prompt ?? []);
    expect(fedBack).toContain('needs tools this app does not have');
    expect(fedBack).toContain('read_pdf');
    expect(fedBack).not.toContain('Call read_pdf on every file.');
  });
});

async function connectedServer(names: readonly string[]): Promise<Client> {
  const server = new McpServer({ name: 'crm', version: '1.0.0' });
  for (const name of names) server.registerTool(name, { description: `The ${name} tool.` }, async () => ({ content: [] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'app', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('mcpToolNames', () => {
  it('lists the tools an MCP server offers, with the prefix the app gives them', async () => {
    const client = await connectedServer(['lookup_customer', 'issue_refund']);
    expect(await mcpToolNames(client)).toEqual(['lookup_customer', 'issue_refund']);
    expect(await mcpToolNames(client, { prefix: 'crm__' })).toEqual(['crm__lookup_customer', 'crm__issue_refund']);
    const files = {
      'refunds/SKILL.md': skillMd('refunds', { front: { metadata: { dependencies: { all: ['crm__issue_refund'], any: ['email', 'crm__note'] } } } }),
    };
    const loader = new SkillLoader({ builtin: memorySource(files), availableTools: await mcpToolNames(client, { prefix: 'crm__' }) });
    await loader.loadAll();
    expect(loader.unmetNeeds('refunds')).toEqual({ missing: [], anyOf: ['email', 'crm__note'] });
    await client.close();
  });

  it('follows every page, and stops a server whose cursors repeat or never end', async () => {
    const pages = (cursors: (string | undefined)[]): McpToolClient => ({
      listTools: async (params) => {
        const at = params?.cursor === undefined ? 0 : Number(params.cursor.slice(1));
        const next = cursors[at];
        return { tools: [{ name: `t${at}`, inputSchema: { type: 'object' } }], ...(next === undefined ? {} : { nextCursor: next }) };
      },
    });
    expect(await mcpToolNames(pages(['p1', 'p2', undefined]))).toEqual(['t0', 't1', 't2']);
    const repeated = await rejected(mcpToolNames(pages(['p1', 'p1'])));
    expect([repeated.code, repeated.message]).toEqual(['SOURCE_FAILED', 'tools/list repeated the cursor "p1"; the listing was stopped.']);
    const endless: McpToolClient = { listTools: async (params) => ({ tools: [], nextCursor: `${params?.cursor ?? ''}x` }) };
    expect((await rejected(mcpToolNames(endless, { maxPages: 3 }))).message).toContain('more than 3 pages');
  });

  it('a server that errs is SOURCE_FAILED; a cancelled listing is ABORTED', async () => {
    const failing: McpToolClient = {
      listTools: async () => {
        throw new Error('boom');
      },
    };
    const failed = await rejected(mcpToolNames(failing));
    expect([failed.code, failed.message]).toEqual(['SOURCE_FAILED', 'tools/list failed: boom']);
    const controller = new AbortController();
    controller.abort();
    expect((await rejected(mcpToolNames(failing, { signal: controller.signal }))).code).toBe('ABORTED');
  });
});
