import { answers, formatB, obj, ok, str, success } from '@hc/http';
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
