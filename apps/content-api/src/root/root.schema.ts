import type { ResponseTable } from '@hc/http';
import { answers, ok, refTo } from '@hc/http';
import { CONFIRMATION } from '../http/answers.schema';
import type { RootController } from './root.controller';

/** The answers of the API root, held against its handler. */
export const ROOT_RESPONSES: ResponseTable = {
  RootController_root: {
    200: ok(
      'The credential is valid (any scope).',
      answers<RootController, 'root'>()(refTo('Confirmation', CONFIRMATION), true),
      { status: 'success', message: 'Help Center API v1. Your credential is valid.' },
    ),
  },
};
