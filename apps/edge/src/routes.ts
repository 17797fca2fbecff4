import type { AppName } from '@hc/contracts';

/** One row of the edge's routing table; the routes in `deploy/k8s/components` mirror it (checked there). */
export interface EdgeRoute {
  app: AppName;
  /** Matches the request path. */
  match: (path: string) => boolean;
  describe: string;
}

const under = (prefix: string) => (path: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

/**
 * The platform origin (HC_PUBLIC_URL, HC_PORT): API, auth, MCP. First match wins
 * (the diagram in docs/architecture.md). Reader pages are not here: asked on this origin they answer 404
 * (issue #14), because tenant HTML must never share an origin with sign-in, consent and /app.
 */
export const EDGE_ROUTES: EdgeRoute[] = [
  { app: 'design-service', match: under('/v1/template'), describe: '/v1/template*' },
  {
    app: 'content-api',
    match: (p) => under('/v1')(p) || under('/docs')(p),
    describe: '/v1/*, /docs (API reference page)',
  },
  {
    app: 'mcp-gateway',
    match: (p) => under('/mcp')(p) || p.startsWith('/.well-known/oauth-protected-resource'),
    describe: '/mcp, /.well-known/oauth-protected-resource*',
  },
  // Issue 38: the connected-apps screen is the dashboard's (its JSON stays auth-server's).
  {
    app: 'dashboard',
    match: (p) => p === '/app/account/connected-apps',
    describe: '/app/account/connected-apps (exactly)',
  },
  {
    app: 'auth-server',
    match: (p) =>
      under('/oauth')(p) ||
      under('/.well-known')(p) ||
      under('/signin')(p) ||
      under('/consent')(p) ||
      under('/app/account')(p),
    describe: '/oauth/*, /.well-known/*, /signin, /consent, /app/account*',
  },
  // The team dashboard (issue 37): every other /app path, after auth-server's /app/account.
  { app: 'dashboard', match: under('/app'), describe: '/app/*' },
];

/**
 * The reader origin (HC_READER_URL, HC_READER_PORT on one machine): reader pages only. In
 * production `deploy/` routes `{subdomain}.{HC_READER_DOMAIN}` and custom domains, every path,
 * to reader-site instead.
 */
export const READER_ROUTES: EdgeRoute[] = [
  { app: 'reader-site', match: under('/hc'), describe: '/hc/{subdomain}/*' },
];

export function routeFor(path: string, table: EdgeRoute[] = EDGE_ROUTES): EdgeRoute | undefined {
  return table.find((r) => r.match(path));
}
