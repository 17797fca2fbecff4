import { applyDecorators } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Scopes } from '@hc/auth';
import type { ApiScope } from '@hc/contracts';

/** A route's head in one decorator: its Nest method decorator (`Get('x')`…), its OpenAPI summary and the scope it needs. */
const routeNeeding =
  (scope: ApiScope) =>
  (method: MethodDecorator, summary: string): MethodDecorator =>
    applyDecorators(method, ApiOperation({ summary }), Scopes(scope));

/** A route that needs `content.read`. */
export const ContentRead = routeNeeding('content.read');
/** A route that needs `content.write`. */
export const ContentWrite = routeNeeding('content.write');
