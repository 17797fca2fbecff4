import { applyDecorators, Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { unauthorized } from '@hc/contracts';
import { wrapSuccess } from '@hc/http';
import { Ctx, DASHBOARD_COOKIE, Scopes, SessionOnly, SiteOptional, writeCookie } from '@hc/auth';
import type { RequestContext } from '@hc/auth';
import { FirstSiteDto } from './dto/first-site.dto';
import { SessionService } from './session.service';

/** A route of the signed-in person, before any site is chosen (issue 37). */
const SessionRoute = (summary: string, csrf = true) =>
  applyDecorators(
    ApiOperation({ summary }),
    Scopes(),
    SiteOptional(),
    SessionOnly({ csrf }),
    ApiTags('Dashboard'),
  );

/**
 * The dashboard's bootstrap and sign-out (issue 37). GET /session hands the page the person,
 * their sites with their current roles, and the session's anti-CSRF token every other call
 * carries; it needs the cookie and a same-origin request, and (being where the page learns the
 * token) no token itself. No CORS with credentials: other origins cannot read it.
 */
@Controller('session')
export class SessionController {
  constructor(private readonly sessions: SessionService) {}

  @Get()
  @SessionRoute('The signed-in person, their sites and the anti-CSRF token', false)
  async show(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response) {
    if (ctx.credential.kind !== 'dashboard') throw unauthorized();
    const data = await this.sessions.view(ctx.principal.userId, ctx.credential.csrfToken);
    if (!data) throw unauthorized();
    res.set('Cache-Control', 'no-store');
    return wrapSuccess({ data });
  }

  /**
   * The first help center of a person who belongs to none (issue 38: the sign-up flow), on the
   * plan `HC_SIGNUP_PLAN` names, the person its Owner. Further sites are the operator's.
   */
  @Post('sites')
  @HttpCode(201)
  @SessionRoute('Create the signed-in person’s first help center')
  async createFirstSite(@Ctx() ctx: RequestContext, @Body() body: FirstSiteDto) {
    if (ctx.credential.kind !== 'dashboard') throw unauthorized();
    return wrapSuccess({ data: await this.sessions.createFirstSite(ctx.principal.userId, body) });
  }

  /** Ends this session (other devices stay signed in) and clears the cookie. */
  @Post('signout')
  @HttpCode(200)
  @SessionRoute('Sign out of the dashboard (this session)')
  async signOut(
    @Ctx() ctx: RequestContext,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (ctx.credential.kind !== 'dashboard') throw unauthorized();
    await this.sessions.close(ctx.credential.sessionHash);
    writeCookie(req, res, DASHBOARD_COOKIE, '', { maxAgeSeconds: 0 });
    return wrapSuccess({ message: 'You are signed out.' });
  }
}
