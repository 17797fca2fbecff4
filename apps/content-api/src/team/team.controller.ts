import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { notFound } from '@hc/contracts';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { IdParam, wrapSuccess } from '@hc/http';
import { DashboardRead, DashboardWrite } from '../http/content-routes';
import { InviteDto, MemberChangeDto, TransferDto } from './dto/team.dto';
import { InvitationsService } from './invitations.service';
import { requireTeamAdmin } from './team-admin';
import { TeamDashboardService } from './team-dashboard.service';

const noMember = () => notFound('That person is not a member of the site.');
const noInvitation = () => notFound('No pending invitation with that id.');

/**
 * The team of a site in the dashboard (issue 38): session only, Owners and Admins; the site is
 * the request's (`X-Service-Site`), so an id of another site's member or invitation is not found.
 */
@Controller('team')
export class TeamController {
  constructor(
    private readonly team: TeamDashboardService,
    private readonly invitations: InvitationsService,
  ) {}

  @DashboardRead(Get('members'), 'List the members of the site with their roles')
  async members(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext) {
    requireTeamAdmin(ctx);
    return wrapSuccess({ members: await this.team.members(site) });
  }

  @DashboardWrite(Patch('members/:userId'), {
    summary: "Change a member's role or team-notes access",
    description:
      'Owners and Admins. The Owner is changed only by a transfer (403 `owner_protected`); ' +
      'roles given here: admin, editor, translator, viewer. Applies to the next request.',
  })
  async change(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('userId', noMember) userId: number,
    @Body() body: MemberChangeDto,
  ) {
    requireTeamAdmin(ctx);
    return wrapSuccess({ member: await this.team.change(site, ctx, userId, body) });
  }

  @DashboardWrite(Delete('members/:userId'), {
    summary: 'Remove a member from the site',
    description: 'Owners and Admins; the Owner cannot be removed (403 `owner_protected`).',
  })
  @HttpCode(200)
  async remove(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('userId', noMember) userId: number,
  ) {
    requireTeamAdmin(ctx);
    await this.team.remove(site, userId);
    return wrapSuccess({ message: 'The member was removed.' });
  }

  @DashboardWrite(Post('transfer'), {
    summary: 'Transfer ownership of the site to another member',
    description:
      'The Owner only. The old Owner becomes an Admin; the site moves to the new Owner’s ' +
      'account, so the old Owner’s OAuth connections no longer reach it (403 `site_forbidden`); ' +
      'API keys keep working.',
  })
  @HttpCode(200)
  async transfer(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: TransferDto,
  ) {
    return wrapSuccess(await this.team.transfer(site, ctx, body.user_id));
  }

  @DashboardRead(Get('invitations'), 'List the pending invitations (expired ones marked)')
  async pending(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext) {
    requireTeamAdmin(ctx);
    return wrapSuccess({ invitations: await this.invitations.list(site) });
  }

  @DashboardWrite(Post('invitations'), {
    summary: 'Invite a person by email with a role and team-notes access',
    description:
      'Sends an email with a single-use link for this site, valid 7 days. Inviting a pending ' +
      'address again sends a new link (the old one stops working). 429 once the invitation ' +
      'email budget of the recipient or of the client address is spent (HC_MAIL_*).',
  })
  async invite(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: InviteDto,
    @Req() req: Request,
  ) {
    requireTeamAdmin(ctx);
    return wrapSuccess({ invitation: await this.invitations.invite(site, ctx, body, req.ip) });
  }

  @DashboardWrite(Post('invitations/:id/resend'), {
    summary: 'Send a pending invitation again with a new link',
    description: 'The old link stops working; the new one is valid 7 days.',
  })
  @HttpCode(200)
  async resend(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', noInvitation) id: number,
    @Req() req: Request,
  ) {
    requireTeamAdmin(ctx);
    return wrapSuccess({ invitation: await this.invitations.resend(site, ctx, id, req.ip) });
  }

  @DashboardWrite(Delete('invitations/:id'), 'Revoke a pending invitation (its link stops working)')
  @HttpCode(200)
  async revoke(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', noInvitation) id: number,
  ) {
    requireTeamAdmin(ctx);
    await this.invitations.revoke(site, id);
    return wrapSuccess({ message: 'The invitation was revoked.' });
  }
}
