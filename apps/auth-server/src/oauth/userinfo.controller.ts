import { Get, Header, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { JwtTokenVerifier, PublicController } from '@hc/auth';
import { ApiError } from '@hc/contracts';
import { UserinfoService } from './userinfo.service';
import { oauth } from './oauth-errors';

function invalidToken(): ApiError {
  const e = oauth('invalid_token');
  return new ApiError(401, e.body, 'json', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

/** Spec 4.13 userinfo: `sub` plus email and profile claims per granted scopes. */
@PublicController('oauth')
export class UserinfoController {
  constructor(
    @Inject(JwtTokenVerifier) private readonly verifier: JwtTokenVerifier,
    @Inject(UserinfoService) private readonly userinfoClaims: UserinfoService,
  ) {}

  @Get('userinfo')
  @Header('Cache-Control', 'no-store')
  get(@Req() req: Request) {
    return this.userinfo(req);
  }

  @Post('userinfo')
  @Header('Cache-Control', 'no-store')
  post(@Req() req: Request) {
    return this.userinfo(req);
  }

  private async userinfo(req: Request) {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) throw invalidToken();
    const token = await this.verifier.verify(header.slice(7).trim());
    if (!token) throw invalidToken();
    const claims = await this.userinfoClaims.claims(token.userId, token.scopes);
    if (!claims) throw invalidToken();
    return claims;
  }
}
