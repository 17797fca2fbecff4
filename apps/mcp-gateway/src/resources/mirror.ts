import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ANALYTICS_LIMIT_MESSAGE, errorText, unreachableText } from '../tools/format';
import type { RestClient } from '../tools/rest-client';
import type { AnalyticsBudget, ApiBody, ToolDefinition } from '../tools/tool';

/** MCP's JSON-RPC code for a resource that does not exist (or is not the caller's to see). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * A JSON-RPC error for a resource or prompt request. Not the SDK's McpError: that one prefixes
 * its message with "MCP error <code>:", and the client's copy would say it twice.
 */
export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** What resources and prompts need to make the REST call of the tool they mirror. */
export interface MirrorContext {
  client: RestClient;
  budget: AnalyticsBudget;
  tools: readonly ToolDefinition[];
}

/** The JSON-RPC code for the API's answer: the caller's input, their credential, or ours. */
function codeFor(status: number, notFound: number): number {
  if (status === 404) return notFound;
  if (status === 400 || status === 422) return ErrorCode.InvalidParams;
  if (status >= 500) return ErrorCode.InternalError;
  return ErrorCode.InvalidRequest; // 401, 402, 403, 429: the credential or its budget
}

/**
 * The REST call of the tool `kb_<suffix>`, built by that tool's own `request()`, so a resource or
 * prompt needs the same scope, reaches only the same site and counts toward the same limits
 * (GET /articles/{id} toward the 120 writes per minute, analytics toward the 6 per minute).
 * A failure throws with the text the tool would have answered.
 */
export async function callLikeTool(
  ctx: MirrorContext,
  suffix: string,
  args: Record<string, unknown>,
  notFound: number = ErrorCode.InvalidParams,
): Promise<ApiBody> {
  const def = ctx.tools.find((t) => t.suffix === suffix);
  if (!def) throw new Error(`No tool kb_${suffix}`);
  if (def.analytics && !(await ctx.budget.take())) {
    throw new GatewayError(ErrorCode.InvalidRequest, ANALYTICS_LIMIT_MESSAGE, {
      http_status: 429,
    });
  }
  let response;
  try {
    response = await ctx.client.call(def.request(args as never));
  } catch (err) {
    throw new GatewayError(ErrorCode.InternalError, unreachableText(err));
  }
  if (response.status >= 400) {
    const body = response.body as ApiBody | null;
    const apiCode = body && typeof body === 'object' ? (body.code ?? body.error) : undefined;
    throw new GatewayError(
      codeFor(response.status, notFound),
      errorText(response.status, response.body),
      { http_status: response.status, ...(typeof apiCode === 'string' ? { code: apiCode } : {}) },
    );
  }
  const body = response.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as ApiBody) : {};
}
