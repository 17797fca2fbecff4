import type { ReactNode } from 'react';
import type { SessionSite } from '../api/contract';

/** A site of the session as GET /v1/session lists it (an Editor's, two languages). */
export function testSite(overrides: Partial<SessionSite> = {}): SessionSite {
  return {
    id: 5,
    name: 'Acme',
    subdomain: 'acme',
    url: 'http://acme.example',
    role: 'editor',
    notes_access: false,
    default_language: 'en',
    languages: ['en', 'de'],
    plan: 'catalyst',
    staging: true,
    ...overrides,
  };
}

/**
 * The router's `Link` for a screen tested without a router: an `<a>` whose href is the path it
 * goes to, with its search params. Use as
 * `jest.mock('@tanstack/react-router', () => ({ ...jest.requireActual('@tanstack/react-router'),
 * Link: jest.requireActual('../testing/fixtures').LinkAsAnchor }))`.
 */
export function LinkAsAnchor({
  to,
  params,
  search,
  children,
  ...rest
}: Record<string, unknown> & { children?: ReactNode }) {
  const path = Object.entries((params ?? {}) as Record<string, string>).reduce(
    (p, [k, v]) => p.replace(`$${k}`, v),
    to as string,
  );
  const query = search ? `?${new URLSearchParams(search as Record<string, string>)}` : '';
  return (
    <a href={`${path}${query}`} {...rest}>
      {children}
    </a>
  );
}
