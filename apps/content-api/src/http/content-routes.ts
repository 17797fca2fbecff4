import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiOperationOptions } from '@nestjs/swagger';
import { Scopes, SessionOnly, SiteOptional } from '@hc/auth';
import type { ApiScope } from '@hc/contracts';
import { SiteAdminGuard } from './site-admin.guard';

/** What a route's OpenAPI operation says: its summary, or its summary and description. */
type Operation = string | Pick<ApiOperationOptions, 'summary' | 'description'>;

/**
 * A kind of route, whose head is one decorator: its Nest method decorator (`Get('x')`…), its
 * OpenAPI operation and what every route of the kind needs (`needs` makes fresh decorators).
 */
export const routeKind =
  (needs: () => MethodDecorator[]) =>
  (method: MethodDecorator, operation: Operation): MethodDecorator =>
    applyDecorators(
      method,
      ApiOperation(typeof operation === 'string' ? { summary: operation } : operation),
      ...needs(),
    );

const routeNeeding = (scope: ApiScope) => routeKind(() => [Scopes(scope)]);

/** A route that needs `content.read`. */
export const ContentRead = routeNeeding('content.read');
/** A route that needs `content.write`. */
export const ContentWrite = routeNeeding('content.write');
/** A route any valid credential may call, with any scope, also before a site is chosen (spec 4.3). */
export const AnyCredential = routeKind(() => [Scopes(), SiteOptional()]);

/**
 * An operation the spec reserves for the dashboard (issue 37): only a dashboard session (keys and
 * tokens get 403 `session_required`), under the OpenAPI tag `Dashboard`; `scope` is what the
 * person's current role must allow.
 */
export const DashboardRead = routeKind(() => [
  Scopes('content.read'),
  SessionOnly(),
  ApiTags('Dashboard'),
]);
export const DashboardWrite = routeKind(() => [
  Scopes('content.write'),
  SessionOnly(),
  ApiTags('Dashboard'),
]);

/**
 * A dashboard-only operation of an Owner or Admin (issue 37's role table: members, keys, site
 * settings); other roles get 403 `role_forbidden`, keys and tokens 403 `session_required`.
 */
export const DashboardAdminRead = routeKind(() => [
  Scopes('content.read'),
  SessionOnly(),
  ApiTags('Dashboard'),
  UseGuards(SiteAdminGuard),
]);
export const DashboardAdminWrite = routeKind(() => [
  Scopes('content.write'),
  SessionOnly(),
  ApiTags('Dashboard'),
  UseGuards(SiteAdminGuard),
]);
