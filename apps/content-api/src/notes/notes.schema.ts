import type { ResponseTable } from '@hc/http';
import { agrees, answers, arr, bool, confirmation, fails, formatB, id, int, links } from '@hc/http';
import { langMap, nullable, obj, ok, refTo, str, success } from '@hc/http';
import { PERSON } from '../articles/article.schema';
import { validation } from '../http/answers.schema';
import type { toNoteThreadResponse } from './note.mapper';
import type { NotesController } from './notes.controller';

/** The `NoteThread` component (spec 2.10): what `toNoteThreadResponse` returns. */
export const NOTE_THREAD_SCHEMA = agrees<ReturnType<typeof toNoteThreadResponse>>()(
  obj({
    id,
    note: str,
    anchor: obj({ mark_id: str, quote: str }),
    author: nullable(PERSON),
    resolved: bool,
    resolved_at: nullable(formatB),
    lang: str,
    replies: arr(obj({ id, note: str, author: nullable(PERSON), created_at: formatB })),
    created_at: formatB,
    updated_at: formatB,
    _links: links('reply', 'resolve'),
  }),
  true,
);
const noteAnswer = confirmation({ note: refTo('NoteThread', NOTE_THREAD_SCHEMA) });
answers<NotesController, 'create'>()(noteAnswer, true);

/** The answers of the team notes' routes (spec 4.10), held against their handlers. */
export const NOTE_RESPONSES: ResponseTable = {
  NotesController_list: {
    200: ok(
      'Open team-note threads (`include_resolved` = 1 adds resolved ones).',
      answers<NotesController, 'list'>()(
        obj({
          status: success,
          article: obj({ id, title: langMap }),
          notes: arr(refTo('NoteThread', NOTE_THREAD_SCHEMA)),
          meta: obj({ threads_count: int, open_count: int, includes_resolved: bool }),
        }),
        true,
      ),
    ),
    403: fails('`notes_forbidden`: the person lacks team-notes access.'),
  },
  NotesController_create: {
    201: ok('Thread started on the quote.', noteAnswer),
    403: fails('`notes_forbidden`, or `session_required` for keys and tokens.'),
    404: fails('No such article on this site.'),
    422: validation,
  },
  NotesController_reply: {
    201: ok('Reply added.', answers<NotesController, 'reply'>()(noteAnswer, true)),
    403: fails('`notes_forbidden`.'),
    422: validation,
  },
  NotesController_resolve: {
    200: ok('Thread resolved.', answers<NotesController, 'resolve'>()(confirmation({ id }), true)),
    403: fails('`notes_forbidden`.'),
  },
};
