import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { IdParam, wrapSuccess } from '@hc/http';
import { ApiTags } from '@nestjs/swagger';
import { Ctx, CurrentSite, Scopes, SessionOnly } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { NewNoteDto } from './dto/new-note.dto';
import { NoteReplyDto } from './dto/note-reply.dto';
import { NotesQuery } from './dto/notes-query.dto';
import { NotesAccessGuard, NotesRead, NotesWrite } from './notes-access.guard';
import { NOTE_NOT_FOUND, NotesService } from './notes.service';
import { ArticleRefIdParam } from '../comments/article-ref';
import { routeKind } from '../http/content-routes';

const NoteIdParam = () => IdParam('noteId', () => notFound(NOTE_NOT_FOUND));

/** Team-note routes: the OpenAPI document states the scope, NotesAccessGuard checks it. */
const NotesReadRoute = routeKind(() => [NotesRead()]);
const NotesWriteRoute = routeKind(() => [NotesWrite()]);
/** Starting a thread on selected text happens in the dashboard's editor only (issue 38). */
const NotesDashboardRoute = routeKind(() => [NotesWrite(), SessionOnly(), ApiTags('Dashboard')]);

/** Spec 4.9 team notes. `notes.read`/`notes.write` and notes access are checked by NotesAccessGuard. */
@Controller('articles/:id/notes')
@Scopes()
@UseGuards(NotesAccessGuard)
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @NotesReadRoute(Get(), 'Team notes of an article')
  async list(
    @CurrentSite() site: SiteContext,
    @ArticleRefIdParam() id: number,
    @Query() query: NotesQuery,
  ) {
    return wrapSuccess(
      await this.notes.list(site, id, {
        lang: query.lang,
        includeResolved: query.include_resolved ?? false,
      }),
    );
  }

  @NotesDashboardRoute(Post(), {
    summary: 'Start a team-note thread on selected text',
    description:
      'Dashboard only (keys and tokens get 403 `session_required`); needs team-notes access ' +
      '(403 `notes_forbidden`). The quote (its `occurrence`-th repetition) is highlighted in ' +
      'the stored content of `lang` (readers and keys never see the highlight; not an edit: ' +
      'no event, spec 6). Members mentioned as `@Name` get an email. 201 {`status`, `message`, `note`}.',
  })
  @HttpCode(201)
  async create(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleRefIdParam() id: number,
    @Body() body: NewNoteDto,
  ) {
    const note = await this.notes.add(site, {
      articleId: id,
      userId: ctx.principal.userId,
      lang: body.lang ?? undefined,
      quote: body.quote,
      text: body.text,
      occurrence: body.occurrence ?? undefined,
    });
    return wrapSuccess({ message: 'Note added.', note });
  }

  @NotesWriteRoute(Post(':noteId/replies'), 'Reply to a team note')
  @HttpCode(201)
  async reply(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleRefIdParam() id: number,
    @NoteIdParam() noteId: number,
    @Body() body: NoteReplyDto,
  ) {
    return wrapSuccess(await this.notes.reply(site, ctx, id, noteId, body.text));
  }

  @NotesWriteRoute(Post(':noteId/resolve'), 'Resolve a team note')
  @HttpCode(200)
  async resolve(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleRefIdParam() id: number,
    @NoteIdParam() noteId: number,
  ) {
    return wrapSuccess(await this.notes.resolve(site, ctx, id, noteId));
  }
}
