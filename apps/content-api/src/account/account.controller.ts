import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Ctx, Scopes, SiteOptional } from '@hc/auth';
import type { RequestContext } from '@hc/auth';
import { AccountService } from './account.service';

@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** Spec 4.3: callable by a token without scopes. */
  @ApiOperation({ summary: 'The person behind the credential' })
  @Get()
  @Scopes()
  @SiteOptional()
  get(@Ctx() ctx: RequestContext) {
    return this.account.describe(ctx);
  }
}
