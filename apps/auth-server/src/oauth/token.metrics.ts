import type { RequestHandler } from 'express';
import { sharedCounter } from '@hc/http';

const GRANTS = new Set(['authorization_code', 'refresh_token', 'client_credentials']);

const tokenRequests = () =>
  sharedCounter({
    name: 'hc_oauth_token_requests_total',
    help: 'Token endpoint answers by grant type and outcome (issued, refused, error)',
    labelNames: ['grant_type', 'outcome'] as const,
  });

/** Counts POST /oauth/token outcomes once answered (issue 18). Mount before the provider. */
export function tokenMetrics(): RequestHandler {
  const counter = tokenRequests();
  return (req, res, next) => {
    if (req.method === 'POST') {
      res.once('finish', () => {
        const grant = (req.body as { grant_type?: unknown } | undefined)?.grant_type;
        counter.inc({
          grant_type: typeof grant === 'string' && GRANTS.has(grant) ? grant : 'other',
          outcome: res.statusCode < 300 ? 'issued' : res.statusCode < 500 ? 'refused' : 'error',
        });
      });
    }
    next();
  };
}
