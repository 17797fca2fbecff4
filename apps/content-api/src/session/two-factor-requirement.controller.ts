import { Body, Controller, Put } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { fieldError } from '@hc/contracts';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { writeAuditEvent } from '@hc/events';
import { ObjectBody, wrapSuccess } from '@hc/http';
import { DashboardAdminWrite } from '../http/content-routes';
import { TwoFactorRequirementRepository } from './two-factor-requirement.repository';

/** PUT /site/two-factor (issue 38). */
@ObjectBody('two_factor', 'The request must be an object.')
export class TwoFactorRequirementDto {
  @ApiProperty({ description: 'Every member must sign in with a second factor' })
  @IsBoolean({ message: 'The required field must be true or false.' })
  required!: boolean;
}

/**
 * An Owner or Admin requires two-factor sign-in of everyone on their site (issue 38). From the
 * next request, a member's dashboard session without it is refused on this site with 403
 * `two_factor_required` (the credential guard); they turn it on on their account page. The
 * person requiring it must have it on first, or they would lock themselves out.
 */
@Controller('site')
export class TwoFactorRequirementController {
  constructor(private readonly rows: TwoFactorRequirementRepository) {}

  @DashboardAdminWrite(Put('two-factor'), {
    summary: 'Require two-factor sign-in of every member',
    description: 'Sends no event (spec 6); recorded in the audit log.',
  })
  async set(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: TwoFactorRequirementDto,
  ) {
    if (body.required && !(await this.rows.personHasTwoFactor(ctx.principal.userId)))
      throw fieldError('required', 'Turn on two-factor sign-in for your own account first.');
    await this.rows.transaction(async (m) => {
      await this.rows.setRequired(m, site.id, body.required);
      await writeAuditEvent(m, site, 'site.update', { type: 'site', id: site.id });
    });
    return wrapSuccess({ two_factor: { required: body.required } });
  }
}
