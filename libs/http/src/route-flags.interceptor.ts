import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import { REDIRECT_INVALID_INPUT_KEY } from './exception.filter';

/** Copies route metadata the exception filter needs onto the request. */
@Injectable()
export class RouteFlagsInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.get<boolean>(REDIRECT_INVALID_INPUT_KEY, ctx.getHandler())) {
      ctx.switchToHttp().getRequest<{ hcRedirectInvalidInput?: boolean }>().hcRedirectInvalidInput =
        true;
    }
    return next.handle();
  }
}
