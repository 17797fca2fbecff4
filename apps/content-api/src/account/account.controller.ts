import { wrapSuccess } from '@hc/http';
import { Controller, Get } from '@nestjs/common';
import { Ctx } from '@hc/auth';
import type { RequestContext } from '@hc/auth';
import { AccountService } from './account.service';
import { AnyCredential } from '../http/content-routes';

@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** Spec 4.3: callable by a token without scopes. */
  @AnyCredential(Get(), 'The person behind the credential')
  async get(@Ctx() ctx: RequestContext) {
    return wrapSuccess(await this.account.describe(ctx));
  }
}
