import { Inject, Injectable } from '@nestjs/common';
import { ConnectionsRepository } from '../storage/connections.repository';

/** Spec 4.13 userinfo claims: `sub` plus email and profile claims per granted scopes. */
@Injectable()
export class UserinfoService {
  constructor(@Inject(ConnectionsRepository) private readonly people: ConnectionsRepository) {}

  /** The claims of `userId` for `scopes`; null when the person no longer exists. */
  async claims(userId: number, scopes: readonly string[]): Promise<Record<string, unknown> | null> {
    const person = await this.people.person(userId);
    if (!person) return null;
    const granted = new Set(scopes);
    const claims: Record<string, unknown> = { sub: String(person.id) };
    if (granted.has('email'))
      Object.assign(claims, { email: person.email, email_verified: person.email_verified });
    if (granted.has('profile')) {
      const [given = '', ...rest] = person.name.trim().split(/\s+/);
      Object.assign(claims, { name: person.name, given_name: given, family_name: rest.join(' ') });
      if (person.avatar_url) claims.picture = person.avatar_url;
    }
    return claims;
  }
}
