import { Get, Header, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { JwtTokenVerifier } from '@hc/auth';
import { ApiError } from '@hc/contracts';
import { ConnectionsRepository } from './connections.repository';
import { oauth } from './oauth-errors';
import { PublicController } from '../public-controller';

function invalidToken(): ApiError {
  const e = oauth('invalid_token');
  return new ApiError(401, e.body, 'json', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

/** Spec 4.13 userinfo: `sub` plus email and profile claims per granted scopes. */
@PublicController('oauth')
export class UserinfoController {
  constructor(
    @Inject(JwtTokenVerifier) private readonly verifier: JwtTokenVerifier,
    @Inject(ConnectionsRepository) private readonly people: ConnectionsRepository,
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
    const person = await this.people.person(token.userId);
    if (!person) throw invalidToken();
    const scopes = new Set(token.scopes);
    const claims: Record<string, unknown> = { sub: String(person.id) };
    if (scopes.has('email')) Object.assign(claims, { email: person.email, email_verified: true });
    if (scopes.has('profile')) {
      const [given = '', ...rest] = person.name.trim().split(/\s+/);
      Object.assign(claims, { name: person.name, given_name: given, family_name: rest.join(' ') });
      if (person.avatar_url) claims.picture = person.avatar_url;
    }
    return claims;
  }
}
