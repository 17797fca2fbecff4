import type { ResponseTable } from '@hc/http';
import { answers, fails, formatB, obj, ok, str, success } from '@hc/http';
import { validation } from '../http/answers.schema';
import type { PreviewsController } from './previews.controller';

const HANDOFF = obj({ status: success, data: obj({ url: str, expires_at: formatB }) });
answers<PreviewsController, 'create'>()(HANDOFF, true);
answers<PreviewsController, 'createDesign'>()(HANDOFF, true);

/** The 201 of both hand-off routes (issue 37 articles, issue 39 the design draft). */
export const handoffAnswer = (what: string) =>
  ok(`A URL on the reader origin that shows ${what} once, within 60 seconds.`, HANDOFF, {
    status: 'success',
    data: {
      url: 'https://acme.example.com/_preview/4mD0cK…',
      expires_at: '2026-01-31T09:31:00+00:00',
    },
  });

/** The answers of these routes in the OpenAPI document (errors and examples included). */
export const PREVIEW_RESPONSES: ResponseTable = {
  PreviewsController_create: {
    201: handoffAnswer('the preview'),
    404: fails('No such article or translation, or (`staged`) nothing staged for the language.'),
    422: validation,
  },
  PreviewsController_createDesign: {
    201: handoffAnswer('the design draft'),
    403: fails('`design_forbidden`: the person’s role does not include the design.'),
    422: validation,
  },
};
