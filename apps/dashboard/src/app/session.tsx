import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, requestContext, signInUrl } from '../api/client';
import type { Role, Session, SessionSite } from '../api/contract';
import { FullPageMessage } from '../ui/FullPageMessage';

const SessionContext = createContext<Session | null>(null);

/** The signed-in person (GET /v1/session); null before the bootstrap answered. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

async function loadSession(): Promise<Session | null> {
  const { data, response } = await api.GET('/v1/session');
  if (response.status === 401) return null;
  if (!data) throw new Error(`The session could not be read (HTTP ${response.status}).`);
  return data.data;
}

/**
 * Reads the session once (its CSRF token then goes with every request); without one the browser
 * goes to the sign-in page, which brings the person back here.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: ['session'], queryFn: loadSession, staleTime: Infinity });
  if (query.isPending) return <FullPageMessage title="Loading…" />;
  if (query.isError)
    return <FullPageMessage title="The dashboard could not start" detail={query.error.message} />;
  if (!query.data) {
    location.assign(signInUrl());
    return <FullPageMessage title="Signing in…" />;
  }
  requestContext.csrfToken = query.data.csrf_token;
  return <SessionContext.Provider value={query.data}>{children}</SessionContext.Provider>;
}

const WRITERS: Role[] = ['owner', 'admin', 'editor'];

/** What the person may do on a site (the server checks every request; this only hides controls). */
export function permissions(site: SessionSite) {
  return {
    /** Articles in every language, categories, Trash, bulk actions. */
    editContent: WRITERS.includes(site.role),
    /** Per-language fields of the other languages (translators too). */
    editTranslations: WRITERS.includes(site.role) || site.role === 'translator',
    design: WRITERS.includes(site.role),
    /** Team notes (spec 4.9): only with the membership's notes access; a Viewer reads them. */
    notes: site.notes_access,
    writeNotes: site.notes_access && site.role !== 'viewer',
    /** Members, invitations and API keys (issue 38): Owners and Admins. */
    manageTeam: site.role === 'owner' || site.role === 'admin',
    /** Site settings and readers' emails: an Owner's or Admin's (issue 37's role table). */
    siteSettings: site.role === 'owner' || site.role === 'admin',
  };
}
