import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHmac } from 'node:crypto';
import { DASHBOARD_COOKIE, DASHBOARD_SESSION_SECONDS, platformOrigins } from '@hc/auth';
import { cookieName, fromOrigin, randomToken, readCookie, sameToken, writeCookie } from '@hc/http';
import { ConnectionsRepository, PersonRow } from '../storage/connections.repository';
import { SecretsRepository } from '../storage/secrets.repository';
import { DashboardSession, DashboardSessionsRepository } from './dashboard-sessions.repository';

/** The dashboard session cookie (`__Host-hc_dashboard` under https), read by @hc/auth's guard. */
const SESSION_COOKIE = DASHBOARD_COOKIE;
/** The pre-session cookie the sign-in and consent form tokens are bound to. */
const FORM_COOKIE = 'hc_auth_forms';
/** A right password waiting for its second factor (issue 38): signed, five minutes. */
const SECOND_FACTOR_COOKIE = 'hc_second_factor';
const SECOND_FACTOR_SECONDS = 300;

/** Who passed the password check and where they were going (`uid`: `dashboard` or the interaction). */
export interface PendingSecondFactor {
  userId: number;
  uid: string;
  returnTo: string;
}
const LIFETIME_SECONDS = DASHBOARD_SESSION_SECONDS;

type FormRequest = Request & { body?: Record<string, unknown> };

/** The person behind a dashboard session. */
export interface SignedIn {
  person: PersonRow;
  session: DashboardSession;
}

/**
 * Dashboard sessions and the CSRF protection of every auth-server form (issues #14, #15 item 3).
 *
 * - A dashboard session is a row on the server (revocable: "sign out everywhere"); the cookie
 *   holds a random token. Its forms carry the session's own random CSRF token, compared in
 *   constant time.
 * - Forms shown before a session exists (sign-in, the OAuth sign-in and consent steps) carry
 *   HMAC(cookie key, purpose + a random `hc_auth_forms` cookie): a page elsewhere can neither
 *   read the token nor compute one for the victim's cookie.
 * - Every form post must also come from the platform origin when the browser says where it
 *   comes from (`Origin`): on one machine the reader port shares cookies with this one.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(SecretsRepository) private readonly secrets: SecretsRepository,
    @Inject(DashboardSessionsRepository) private readonly sessions: DashboardSessionsRepository,
    @Inject(ConnectionsRepository) private readonly people: ConnectionsRepository,
  ) {}

  /** The signed-in person, or null once the browser is sent to sign in and come back to `page`. */
  async signedIn(req: Request, res: Response, page: string): Promise<SignedIn | null> {
    const me = await this.fromRequest(req);
    if (!me) res.redirect(303, `/signin?return=${encodeURIComponent(page)}`);
    return me;
  }

  /** The signed-in person and session of the request's cookie, or null (the JSON routes' 401). */
  async fromRequest(req: Request): Promise<SignedIn | null> {
    const session = await this.current(req);
    const person = session ? await this.people.person(session.userId) : null;
    return session && person ? { person, session } : null;
  }

  private async mac(value: string): Promise<string> {
    const [key] = await this.secrets.cookieKeys();
    return createHmac('sha256', key).update(value).digest('base64url');
  }

  async signIn(res: Response, req: Request, userId: number): Promise<void> {
    const previous = readCookie(req, SESSION_COOKIE);
    if (previous) await this.sessions.close(previous);
    const token = randomToken();
    await this.sessions.open(token, userId, randomToken(), LIFETIME_SECONDS, {
      userAgent: req.get('user-agent') ?? null,
      ip: req.ip ?? null,
    });
    writeCookie(req, res, SESSION_COOKIE, token, { maxAgeSeconds: LIFETIME_SECONDS });
  }

  /** The signed-in person's session, or null. */
  async current(req: Request): Promise<DashboardSession | null> {
    const token = readCookie(req, SESSION_COOKIE);
    return token ? this.sessions.find(token) : null;
  }

  async userId(req: Request): Promise<number | null> {
    return (await this.current(req))?.userId ?? null;
  }

  /** A dashboard form post: from the platform origin, with this session's token. */
  validForm(req: FormRequest, session: DashboardSession): boolean {
    return fromOrigin(req, platformOrigins()) && sameToken(req.body?.csrf, session.csrfToken);
  }

  /** Revokes every dashboard session of the person and clears this browser's cookie. */
  async signOutEverywhere(req: Request, res: Response, userId: number): Promise<number> {
    const closed = await this.sessions.closeAll(userId);
    writeCookie(req, res, SESSION_COOKIE, '', { maxAgeSeconds: 0 });
    return closed;
  }

  /** Remembers a right password until its second factor is given (a signed, short cookie). */
  async startSecondFactor(req: Request, res: Response, pending: PendingSecondFactor) {
    const body = Buffer.from(
      JSON.stringify({ ...pending, exp: Date.now() + SECOND_FACTOR_SECONDS * 1000 }),
    ).toString('base64url');
    writeCookie(req, res, SECOND_FACTOR_COOKIE, `${body}.${await this.mac(`2fa:${body}`)}`, {
      path: '/signin',
      maxAgeSeconds: SECOND_FACTOR_SECONDS,
    });
  }

  /** The pending second factor of this browser for `uid`, unexpired and untampered; else null. */
  async secondFactor(req: Request, uid: string): Promise<PendingSecondFactor | null> {
    const [body, mac] = (readCookie(req, SECOND_FACTOR_COOKIE, '/signin') ?? '').split('.');
    if (!body || !mac || !sameToken(mac, await this.mac(`2fa:${body}`))) return null;
    const value = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as PendingSecondFactor & {
      exp: number;
    };
    return value.uid === uid && value.exp > Date.now() ? value : null;
  }

  endSecondFactor(req: Request, res: Response): void {
    writeCookie(req, res, SECOND_FACTOR_COOKIE, '', { path: '/signin', maxAgeSeconds: 0 });
  }

  /** The token for a form shown before sign-in (`purpose`: `signin`, `interaction:<uid>`). */
  async formToken(req: Request, res: Response, purpose: string): Promise<string> {
    let value = readCookie(req, FORM_COOKIE);
    if (!value || value.length > 64) {
      value = randomToken();
      writeCookie(req, res, FORM_COOKIE, value, { maxAgeSeconds: null });
      // The next page of this response reads it too (a refused form is shown again).
      req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${cookieHeader(req, value)}`;
    }
    return this.mac(`${purpose}:${value}`);
  }

  /** Whether a pre-session form post carries the token of `formToken` and comes from here. */
  async validPreSessionForm(req: FormRequest, purpose: string): Promise<boolean> {
    const value = readCookie(req, FORM_COOKIE);
    if (!value || !fromOrigin(req, platformOrigins())) return false;
    return sameToken(req.body?.csrf, await this.mac(`${purpose}:${value}`));
  }
}

function cookieHeader(req: Request, value: string): string {
  return `${cookieName(FORM_COOKIE, req.secure)}=${encodeURIComponent(value)}`;
}
