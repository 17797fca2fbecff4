import { Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '@hc/contracts';
import { addressKey, RATE_LIMIT_STORE, type RateLimitStore } from '@hc/http';
import { PublicController } from '@hc/auth';
import { ClientsService } from '../storage/clients.service';
import { oauth } from './oauth-errors';

/** Stands for a registration body that could not be read as JSON. */
export const INVALID_JSON = Symbol('invalid JSON');

/** Spec 8: 10 registrations per hour per IP, refused ones counted. */
const REGISTRATIONS_PER_HOUR = 10;

@PublicController('oauth')
export class RegistrationController {
  constructor(
    @Inject(ClientsService) private readonly clients: ClientsService,
    @Inject(RATE_LIMIT_STORE) private readonly limits: RateLimitStore,
  ) {}

  /** Spec 4.13 dynamic client registration (JSON). */
  @Post('register')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  async register(@Req() req: Request & { body?: unknown }) {
    const hit = await this.limits.hit(`oauth-register:${addressKey(req.ip)}`, 3600);
    if (hit.count > REGISTRATIONS_PER_HOUR) {
      const limited = oauth(
        'temporarily_unavailable',
        'Too many registrations from this address; try again later',
        429,
      );
      throw new ApiError(limited.status, limited.body, 'json', {
        'Retry-After': String(hit.resetInSeconds),
      });
    }
    if ((req.body as unknown) === INVALID_JSON)
      throw oauth('invalid_request', 'The request body must be JSON');
    const fields = this.clients.validateRegistration(req.body);
    return ClientsService.toResponse(await this.clients.create(fields));
  }
}
