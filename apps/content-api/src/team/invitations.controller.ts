import { applyDecorators, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx, Public, Scopes, SessionOnly, SiteOptional } from '@hc/auth';
import type { RequestContext } from '@hc/auth';
import { wrapSuccess } from '@hc/http';
import { AcceptAsNewDto, InvitationLinkDto } from './dto/team.dto';
import { InvitationsService } from './invitations.service';

/** A route of the invitation page, which the invitee opens before having any credential. */
const LinkRoute = (summary: string, description: string) =>
  applyDecorators(ApiOperation({ summary, description }), Public(), HttpCode(200));

const REFUSALS =
  'A link unknown, for another site or revoked answers 404 `invitation_invalid`; an accepted ' +
  'one 410 `invitation_used`; an expired one 410 `invitation_expired`. Nothing changes.';

/**
 * The invitation link (issue 38): `{dashboard_url}/app/invitations/<site id>#<token>`. The page
 * shows it, then the invitee accepts as a new person or, signed in, as themselves.
 */
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('lookup')
  @LinkRoute('What an invitation link offers', REFUSALS)
  async show(@Body() body: InvitationLinkDto) {
    return wrapSuccess({ invitation: await this.invitations.show(body) });
  }

  @Post('accept')
  @LinkRoute(
    'Accept an invitation as a new person (name and password)',
    `Creates the person with the invitation's email, then they sign in. ${REFUSALS}`,
  )
  async accept(@Body() body: AcceptAsNewDto) {
    return wrapSuccess({ member: await this.invitations.acceptAsNew(body) });
  }

  @Post('join')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept an invitation as the signed-in person',
    description: `The invitation must have been sent to the person's email. ${REFUSALS}`,
  })
  @Scopes()
  @SiteOptional()
  @SessionOnly()
  @ApiTags('Dashboard')
  async join(@Ctx() ctx: RequestContext, @Body() body: InvitationLinkDto) {
    return wrapSuccess({ member: await this.invitations.acceptAsMember(ctx, body) });
  }
}
