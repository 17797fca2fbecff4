import { Controller, Get } from '@nestjs/common';
import { Scopes, SiteOptional } from '@hc/auth';

@Controller()
export class RootController {
  /** Spec 4.3: any valid credential, any scope. */
  @Get()
  @Scopes()
  @SiteOptional()
  root() {
    return { status: 'success', message: 'Help Center API v1. Your credential is valid.' };
  }
}
