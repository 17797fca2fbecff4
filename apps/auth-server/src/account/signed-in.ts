import type { Request, Response } from 'express';
import type { ConnectionsRepository, PersonRow } from '../oauth/connections.repository';
import type { DashboardSession } from './dashboard-sessions.repository';
import type { SessionService } from './session.service';

/** The person behind a dashboard session. */
export interface SignedIn {
  person: PersonRow;
  session: DashboardSession;
}

/** The signed-in person, or null once the browser is sent to sign in and come back to `page`. */
export async function signedIn(
  sessions: SessionService,
  connections: ConnectionsRepository,
  req: Request,
  res: Response,
  page: string,
): Promise<SignedIn | null> {
  const session = await sessions.current(req);
  const person = session ? await connections.person(session.userId) : null;
  if (!session || !person) {
    res.redirect(303, `/signin?return=${encodeURIComponent(page)}`);
    return null;
  }
  return { person, session };
}
