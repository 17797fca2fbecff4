import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@hc/auth';
import { tooManyPasswordAttemptsMessage, ThrottledAttempt } from '@hc/http';
import { SCOPES } from '@hc/contracts';
import { SessionService } from '../account/session.service';
import { SignInService } from '../account/sign-in.service';
import { consentPage, FORM_EXPIRED, signInPage } from '../pages/pages';
import { ClientsService } from '../oauth/clients.service';
import { ConnectionsRepository } from '../oauth/connections.repository';
import { DESCRIPTIONS } from '../oauth/oauth-errors';
import type { InteractionDetails } from '../oauth/oidc-module';
import {
  CLIENT_ONLY_RESOURCE,
  CONNECT_SCOPE,
  OidcService,
  allowedResources,
} from '../oauth/oidc.service';

type FormRequest = Request & { body?: Record<string, string | string[] | undefined> };

const BAD_CREDENTIALS = 'These credentials do not match our records.';

function field(req: FormRequest, name: string): string {
  const v = req.body?.[name];
  return typeof v === 'string' ? v.trim() : Array.isArray(v) ? String(v[0] ?? '').trim() : '';
}

function fieldList(req: FormRequest, name: string): string[] {
  const v = req.body?.[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/**
 * A refused sign-in: one answer for an unknown email and a wrong password (422), or 429 with
 * `Retry-After` once the password budget is spent (issue #15).
 */
function refuseSignIn(
  res: Response,
  result: Exclude<ThrottledAttempt<unknown>, { outcome: 'ok' }>,
  page: (error: string) => string,
): void {
  if (result.outcome === 'throttled') {
    res
      .status(429)
      .set('Retry-After', String(result.retryAfterSeconds))
      .type('html')
      .send(page(tooManyPasswordAttemptsMessage(result.retryAfterSeconds)));
    return;
  }
  res.status(422).type('html').send(page(BAD_CREDENTIALS));
}

/** Only dashboard paths may be returned to after a sign-in (no open redirect). */
function safeReturn(value: string | undefined): string {
  return value && value.length <= 2048 && /^\/app\/[^\s\\]*$/.test(value) && !value.startsWith('//')
    ? value
    : '/app/account/connected-apps';
}

/** The server-rendered sign-in and consent pages of the authorization flow (spec 4.13). */
@Controller()
@Public()
export class InteractionController {
  constructor(
    @Inject(OidcService) private readonly oidc: OidcService,
    @Inject(ConnectionsRepository) private readonly people: ConnectionsRepository,
    @Inject(ClientsService) private readonly clients: ClientsService,
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(SignInService) private readonly signIns: SignInService,
  ) {}

  /** Dashboard sign-in (connected apps). */
  @Get('signin')
  async signInForm(
    @Query('return') returnTo: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const csrf = await this.session.formToken(req, res, 'signin');
    res.type('html').send(signInPage('/signin', { csrf, returnTo: safeReturn(returnTo) }));
  }

  @Post('signin')
  async signIn(@Req() req: FormRequest, @Res() res: Response) {
    const email = field(req, 'email');
    const returnTo = safeReturn(field(req, 'return'));
    // Login CSRF: nobody else's form signs this browser in (issue #15 item 3).
    if (!(await this.session.validPreSessionForm(req, 'signin'))) {
      const csrf = await this.session.formToken(req, res, 'signin');
      res
        .status(403)
        .type('html')
        .send(signInPage('/signin', { csrf, email, error: FORM_EXPIRED, returnTo }));
      return;
    }
    const result = await this.signIns.authenticate(email, field(req, 'password'), req.ip);
    if (result.outcome !== 'ok') {
      const csrf = await this.session.formToken(req, res, 'signin');
      refuseSignIn(res, result, (error) => signInPage('/signin', { csrf, email, error, returnTo }));
      return;
    }
    const person = result.value;
    await this.session.signIn(res, req, person.id);
    res.redirect(303, returnTo);
  }

  @Get('signin/:uid')
  async signInStep(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    const details = await this.details(req, res, uid, 'login');
    if (!details) return;
    const csrf = await this.session.formToken(req, res, `interaction:${details.uid}`);
    res.type('html').send(signInPage(`/signin/${encodeURIComponent(uid)}`, { csrf }));
  }

  @Post('signin/:uid')
  async signInSubmit(@Param('uid') uid: string, @Req() req: FormRequest, @Res() res: Response) {
    const details = await this.details(req, res, uid, 'login');
    if (!details) return;
    const email = field(req, 'email');
    const purpose = `interaction:${details.uid}`;
    const page = async (error: string, status: number) =>
      res
        .status(status)
        .type('html')
        .send(
          signInPage(`/signin/${encodeURIComponent(uid)}`, {
            csrf: await this.session.formToken(req, res, purpose),
            email,
            error,
          }),
        );
    if (!(await this.session.validPreSessionForm(req, purpose))) return page(FORM_EXPIRED, 403);
    const result = await this.signIns.authenticate(email, field(req, 'password'), req.ip);
    if (result.outcome !== 'ok') {
      const csrf = await this.session.formToken(req, res, purpose);
      refuseSignIn(res, result, (error) =>
        signInPage(`/signin/${encodeURIComponent(uid)}`, { csrf, email, error }),
      );
      return;
    }
    const person = result.value;
    await this.session.signIn(res, req, person.id);
    const provider = await this.oidc.provider();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: String(person.id) } },
      { mergeWithLastSubmission: false },
    );
  }

  @Get('consent/:uid')
  async consentForm(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    const details = await this.details(req, res, uid, 'consent');
    if (!details) return;
    res.type('html').send(await this.renderConsent(req, res, details));
  }

  @Post('consent/:uid')
  async consentSubmit(@Param('uid') uid: string, @Req() req: FormRequest, @Res() res: Response) {
    const details = await this.details(req, res, uid, 'consent');
    if (!details) return;
    // Nothing approves a grant but this page's own form (issue #14: not a reader page).
    if (!(await this.session.validPreSessionForm(req, `interaction:${details.uid}`))) {
      res
        .status(403)
        .type('html')
        .send(await this.renderConsent(req, res, details, FORM_EXPIRED));
      return;
    }
    const provider = await this.oidc.provider();
    if (field(req, 'decision') !== 'approve') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: DESCRIPTIONS.access_denied },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const userId = Number(details.session?.accountId);
    const person = await this.people.person(userId);
    if (!person) {
      const csrf = await this.session.formToken(req, res, 'signin');
      res.status(401).type('html').send(signInPage('/signin', { csrf }));
      return;
    }
    const clientId = String(details.params.client_id);
    const resource = details.params.resource as string | undefined;
    const sites = await this.oidc.eligibleSites(person.account_id, resource);
    const eligible = sites.filter((s) => s.eligible);
    let chosen: number[];
    if (sites.length === 1) {
      chosen = eligible.map((s) => s.id);
    } else {
      const picked = new Set(fieldList(req, 'site').map(Number));
      chosen = eligible.filter((s) => picked.has(s.id)).map((s) => s.id);
      if (eligible.length > 0 && chosen.length === 0) {
        res
          .status(422)
          .type('html')
          .send(await this.renderConsent(req, res, details, 'Choose at least one help center.'));
        return;
      }
    }

    // Permissions are all or nothing (spec 4.13): every requested scope, for every resource.
    const asked = String(details.params.scope ?? '').split(' ');
    const requested = asked.filter((s) => (SCOPES as readonly string[]).includes(s));
    const granted = asked.filter(
      (s) => (SCOPES as readonly string[]).includes(s) || s === CONNECT_SCOPE,
    );
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId: String(userId), clientId });
    // Every scope is a static provider scope, so the grant holds them as OIDC scopes as well.
    if (granted.length) grant.addOIDCScope(granted.join(' '));
    const missingClaims = (details.prompt.details.missingOIDCClaims as string[] | undefined) ?? [];
    if (missingClaims.length) grant.addOIDCClaims(missingClaims);
    for (const r of [...allowedResources(), CLIENT_ONLY_RESOURCE]) {
      if (granted.length) grant.addResourceScope(r, granted.join(' '));
    }
    const grantId: string = await grant.save();
    const previous = await this.people.find(userId, clientId);
    const client = await this.clients.find(clientId);
    // Sites of another kind (tool-server-less plans) stay shared if they were before.
    const kept = (previous?.siteIds ?? []).filter((id) =>
      sites.some((s) => s.id === id && !s.eligible),
    );
    await this.people.save({
      userId,
      clientId,
      grantId,
      clientName: client?.client_name ?? clientId,
      scopes: [...new Set([...(previous?.scopes ?? []), ...requested])],
      siteIds: [...new Set([...kept, ...chosen])].sort((a, b) => a - b),
    });
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  /** The interaction behind the page, or an answer already sent (expired or wrong step). */
  private async details(
    req: Request,
    res: Response,
    uid: string,
    prompt: string,
  ): Promise<InteractionDetails | null> {
    const provider = await this.oidc.provider();
    let details: InteractionDetails;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      const csrf = await this.session.formToken(req, res, 'signin');
      res
        .status(400)
        .type('html')
        .send(
          signInPage('/signin', {
            csrf,
            error: 'This sign-in link has expired. Start again from the app.',
          }),
        );
      return null;
    }
    if (details.uid !== uid || details.prompt.name !== prompt) {
      res.redirect(
        303,
        details.prompt.name === 'login' ? `/signin/${details.uid}` : `/consent/${details.uid}`,
      );
      return null;
    }
    return details;
  }

  private async renderConsent(
    req: Request,
    res: Response,
    details: InteractionDetails,
    error?: string,
  ): Promise<string> {
    const userId = Number(details.session?.accountId);
    const person = await this.people.person(userId);
    const clientId = String(details.params.client_id);
    const client = await this.clients.find(clientId);
    const previous = await this.people.find(userId, clientId);
    const sites = person
      ? await this.oidc.eligibleSites(
          person.account_id,
          details.params.resource as string | undefined,
        )
      : [];
    const scopes = String(details.params.scope ?? '')
      .split(' ')
      .filter((s) => (SCOPES as readonly string[]).includes(s));
    return consentPage(`/consent/${encodeURIComponent(details.uid)}`, {
      csrf: await this.session.formToken(req, res, `interaction:${details.uid}`),
      clientName: client?.client_name ?? clientId,
      scopes,
      error,
      sites: sites.map((s) => ({
        id: s.id,
        name: s.name,
        subdomain: s.subdomain,
        eligible: s.eligible,
        checked: s.eligible && (previous?.siteIds.includes(s.id) ?? false),
      })),
    });
  }
}
