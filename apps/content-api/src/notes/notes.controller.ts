import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { IdParam, wrapSuccess } from '@hc/http';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
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
