import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { articleTools } from './articles.tools';
import { categoryTools } from './categories.tools';
import { engagementTools } from './engagement.tools';
import { errorText, truncateList, wrapList } from './format';
import type { RestClient } from './rest-client';
import { z } from './schema';
import { stagedTools } from './staged.tools';
import type { ApiBody, ToolDefinition } from './tool';

/** The 29 tools of spec 4.14. */
export const TOOLS: ToolDefinition[] = [
  ...articleTools,
  ...stagedTools,
  ...categoryTools,
  ...engagementTools,
] as ToolDefinition[];

/** Rule 11: analytics tools share 6 requests per minute per credential. */
export interface AnalyticsBudget {
  /** False when the credential has used its 6 this minute. */
  take(): Promise<boolean>;
}

export const ANALYTICS_LIMIT_MESSAGE =
  'Error: Too many analytics requests: the analytics tools allow 6 requests per minute per credential. ' +
  'Do not retry now; wait a minute before asking again.';

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
    const reason = err instanceof Error ? err.message : String(err);
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `Error: The API could not be reached (${reason}). Try again shortly.`,
        },
      ],
    };
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
        'kb_list_sites lists the sites you can reach. Per-language fields are objects keyed by language code.',
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
      (args: Record<string, unknown>) => runTool(def, args, client, budget),
    );
  }
  return server;
}
