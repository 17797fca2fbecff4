import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SecretsRepository } from '../oauth/secrets.repository';

const COOKIE = 'hc_session';
const LIFETIME_SECONDS = 12 * 3600;

function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name)
      return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/** The dashboard sign-in (connected apps): a signed cookie naming the person. */
@Injectable()
export class SessionService {
  constructor(@Inject(SecretsRepository) private readonly secrets: SecretsRepository) {}

  private async mac(value: string): Promise<string> {
    const [key] = await this.secrets.cookieKeys();
    return createHmac('sha256', key).update(value).digest('base64url');
  }

  async signIn(res: Response, req: Request, userId: number): Promise<void> {
    const value = `${userId}.${Math.floor(Date.now() / 1000) + LIFETIME_SECONDS}`;
    const secure = req.protocol === 'https' ? '; Secure' : '';
    res.append(
      'Set-Cookie',
      `${COOKIE}=${encodeURIComponent(`${value}.${await this.mac(value)}`)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${LIFETIME_SECONDS}${secure}`,
    );
  }

  /** The signed-in person's id, or null. */
  async userId(req: Request): Promise<number | null> {
    const raw = readCookie(req, COOKIE);
    if (!raw) return null;
    const [id, exp, sig] = raw.split('.');
    if (!id || !exp || !sig || !/^\d+$/.test(id) || Number(exp) * 1000 < Date.now()) return null;
    const expected = Buffer.from(await this.mac(`${id}.${exp}`));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given) ? Number(id) : null;
  }

  /** A form token bound to the person (the forms change connections). */
  async csrf(userId: number): Promise<string> {
    return this.mac(`csrf:${userId}`);
  }
}
