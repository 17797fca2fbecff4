import { SpanStatusCode, trace } from '@opentelemetry/api';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { registerPrompts } from '../prompts/prompts';
import { registerResources } from '../resources/resources';
import { articleTools } from './articles.tools';
import { categoryTools } from './categories.tools';
import { engagementTools } from './engagement.tools';
import {
  ANALYTICS_LIMIT_MESSAGE,
  errorText,
  truncateList,
  unreachableText,
  wrapList,
} from './format';
import type { RestClient } from './rest-client';
import { z } from './schema';
import { stagedTools } from './staged.tools';
import type { AnalyticsBudget, ApiBody, ToolDefinition } from './tool';

const tracer = trace.getTracer('mcp-gateway');

/** The 29 tools of spec 4.14. */
export const TOOLS: ToolDefinition[] = [
  ...articleTools,
  ...stagedTools,
  ...categoryTools,
  ...engagementTools,
] as ToolDefinition[];

export { ANALYTICS_LIMIT_MESSAGE };

function annotations(def: ToolDefinition) {
  return {
    title: def.title,
    readOnlyHint: def.kind === 'read',
    destructiveHint: def.kind === 'destructive',
    idempotentHint: def.kind === 'read',
    openWorldHint: false,
  };
}

function asObject(body: unknown): ApiBody {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as ApiBody)
    : { value: body };
}

async function runTool(
  def: ToolDefinition,
  args: Record<string, unknown>,
  client: RestClient,
  budget: AnalyticsBudget,
): Promise<CallToolResult> {
  if (def.analytics && !(await budget.take())) {
    return { isError: true, content: [{ type: 'text', text: ANALYTICS_LIMIT_MESSAGE }] };
  }
  let response;
  try {
    response = await client.call(def.request(args as never));
  } catch (err) {
    return { isError: true, content: [{ type: 'text', text: unreachableText(err) }] };
  }
  if (response.status >= 400) {
    return {
      isError: true,
      content: [{ type: 'text', text: errorText(response.status, response.body) }],
    };
  }
  const body = asObject(response.body);
  const format = (args.response_format as string | undefined) ?? 'markdown';
  if (def.listKey) {
    // Rule 3: the list wrapper; in json, halved while over 25,000 characters.
    const wrapper =
      format === 'json' ? truncateList(wrapList(body, def.listKey)) : wrapList(body, def.listKey);
    const text =
      format === 'json'
        ? JSON.stringify(wrapper)
        : (def.markdown?.(body, args as never) ?? JSON.stringify(wrapper));
    return {
      content: [{ type: 'text', text }],
      structuredContent: wrapper as unknown as Record<string, unknown>,
    };
  }
  // Rule 2: read tools answer markdown by default; write tools answer JSON text.
  const text =
    def.kind === 'read' && format === 'markdown' && def.markdown
      ? def.markdown(body, args as never)
      : JSON.stringify(body);
  return { content: [{ type: 'text', text }], structuredContent: body };
}

/** A server for one request (stateless Streamable HTTP), with tools bound to the caller's client. */
export function buildServer(client: RestClient, budget: AnalyticsBudget): McpServer {
  const server = new McpServer(
    { name: 'help-center', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Tools for one help center (knowledge base). The site is chosen by ?site=<id> on the connection URL; ' +
        'kb_list_sites lists the sites you can reach. Per-language fields are objects keyed by language code. ' +
        'Resources: kb://categories (the category tree) and kb://articles/{id} (an article as Markdown); ' +
        'prompts: draft-article, translate-article, answer-from-help-center, fill-search-gaps.',
    },
  );
  for (const def of TOOLS) {
    server.registerTool(
      `kb_${def.suffix}`,
      {
        title: def.title,
        description: def.description,
        // Strict: an argument the tool does not list is refused before any request (spec 4.14).
        inputSchema: z.object(def.input).strict(),
        annotations: annotations(def),
      },
      (args: Record<string, unknown>) =>
        // Issue 36: one span per tool call; its REST call to content-api is a child span.
        tracer.startActiveSpan(
          `mcp tool kb_${def.suffix}`,
          { attributes: { 'mcp.tool.name': `kb_${def.suffix}` } },
          async (span) => {
            try {
              const result = await runTool(def, args, client, budget);
              if (result.isError) span.setStatus({ code: SpanStatusCode.ERROR });
              return result;
            } finally {
              span.end();
            }
          },
        ),
    );
  }
  // Issue #26: resources and prompts make the REST calls of the tools they mirror.
  const mirror = { client, budget, tools: TOOLS };
  registerResources(server, mirror);
  registerPrompts(server, mirror);
  return server;
}
