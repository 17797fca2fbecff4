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

/** First match wins (ARCHITECTURE.md diagram). */
export const EDGE_ROUTES: EdgeRoute[] = [
  { app: 'design-service', match: under('/v1/template'), describe: '/v1/template*' },
  { app: 'content-api', match: under('/v1'), describe: '/v1/*' },
  {
    app: 'mcp-gateway',
    match: (p) => under('/mcp')(p) || p.startsWith('/.well-known/oauth-protected-resource'),
    describe: '/mcp, /.well-known/oauth-protected-resource*',
  },
  {
    app: 'auth-server',
    match: (p) =>
      under('/oauth')(p) ||
      under('/.well-known')(p) ||
      under('/signin')(p) ||
      under('/consent')(p) ||
      under('/app')(p),
    describe: '/oauth/*, /.well-known/*, /signin, /consent, /app/*',
  },
  { app: 'reader-site', match: under('/hc'), describe: '/hc/{subdomain}/*' },
];

export function routeFor(path: string): EdgeRoute | undefined {
  return EDGE_ROUTES.find((r) => r.match(path));
}
