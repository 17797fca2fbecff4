import { applyDecorators, Controller } from '@nestjs/common';
import { Public } from '@hc/auth';

/**
 * A controller of the auth-server at `path` whose routes take no API credential: its pages and
 * OAuth endpoints authenticate people and clients themselves.
 */
export const PublicController = (path: string): ClassDecorator =>
  applyDecorators(Controller(path), Public());
