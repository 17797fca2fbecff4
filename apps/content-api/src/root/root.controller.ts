import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Scopes, SiteOptional } from '@hc/auth';

@Controller()
export class RootController {
  /** Spec 4.3: any valid credential, any scope. */
  @ApiOperation({ summary: 'The API root: the credential and its links' })
  @Get()
  @Scopes()
  @SiteOptional()
  root() {
    return { status: 'success', message: 'Help Center API v1. Your credential is valid.' };
  }
}
