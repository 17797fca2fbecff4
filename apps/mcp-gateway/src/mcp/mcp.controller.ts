import { All, Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { Public } from '@hc/auth';
import { consume, RATE_LIMIT_STORE } from '@hc/http';
import type { RateLimitStore } from '@hc/http';
import { buildServer } from '../tools/registry';
import { RestClient } from '../tools/rest-client';
import { McpAuth, protectedResourceMetadata } from './mcp-auth';

const ANALYTICS_PER_MINUTE = 6;

@Public()
@Controller()
export class McpController {
  constructor(
    private readonly auth: McpAuth,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
  ) {}

  /** RFC 9728 protected resource metadata, at the well-known path for {mcp_url} and the root. */
  @Get(['.well-known/oauth-protected-resource', '.well-known/oauth-protected-resource/mcp'])
  @Header('Cache-Control', 'public, max-age=3600')
  metadata() {
    return protectedResourceMetadata();
  }

  /** Streamable HTTP, stateless: a new server and transport per request (toolchain notes). */
  @All('mcp')
  async handle(@Req() req: Request, @Res() res: Response): Promise<void> {
    const auth = await this.auth.authenticate(req.headers.authorization);
    if (!auth.ok) {
      res
        .status(401)
        .setHeader('WWW-Authenticate', auth.wwwAuthenticate)
        .json({ error: auth.error, error_description: auth.description });
      return;
    }
    res.locals.credential = 'oauth'; // the access line's credential kind (issue 18)
    const site =
      typeof req.query.site === 'string' && req.query.site !== '' ? req.query.site : null;
    const client = new RestClient(auth.token, site, req.ip);
    // Rule 11: the credential is the app acting for this person.
    const budgetKey = `mcp-analytics:${auth.verified.clientId}:${auth.verified.userId}`;
    const budget = {
      take: () =>
        consume(this.store, budgetKey, ANALYTICS_PER_MINUTE).then(
          () => true,
          () => false,
        ),
    };
    const server = buildServer(client, budget);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }
}
