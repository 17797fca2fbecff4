import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { IdParam, wrapSuccess } from '@hc/http';
import { DashboardRead, DashboardWrite } from '../http/content-routes';
import { NewKeyDto } from './dto/team.dto';
import { requireTeamAdmin } from './team-admin';
import { TeamDashboardService } from './team-dashboard.service';

const noKey = () => notFound('No active API key with that id.');

/**
 * API keys in the dashboard (issue 38, spec 5.1): only an Owner or Admin signed in to the
 * dashboard lists, creates and revokes them; keys and tokens get 403 `session_required`.
 */
@Controller('keys')
export class KeysController {
  constructor(private readonly team: TeamDashboardService) {}

  @DashboardRead(Get(), 'List the active API keys of the site (never their tokens)')
  async list(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext) {
    requireTeamAdmin(ctx);
    return wrapSuccess({ keys: await this.team.listKeys(site) });
  }

  @DashboardWrite(Post(), {
    summary: 'Create an API key (the token is in this answer only)',
    description:
      'Spec 5.1: Read only (`read`: content.read, analytics.read) or Read & write ' +
      '(`read_write`: adds content.write); design access and team-notes access are chosen ' +
      'here and cannot be added later.',
  })
  async create(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: NewKeyDto,
  ) {
    requireTeamAdmin(ctx, 'create API keys');
    return wrapSuccess({ key: await this.team.createKey(site, ctx, body) });
  }

  @DashboardWrite(Delete(':id'), 'Revoke an API key (its next request answers 401)')
  @HttpCode(200)
  async revoke(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', noKey) id: number,
  ) {
    requireTeamAdmin(ctx);
    await this.team.revokeKey(site, id);
    return wrapSuccess({ message: 'The key was revoked.' });
  }
}
