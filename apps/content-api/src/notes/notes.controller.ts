import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { notFound } from '@hc/contracts';
import { IdParam } from '@hc/http';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { NoteReplyDto } from './dto/note-reply.dto';
import { NotesQuery } from './dto/notes-query.dto';
import { NotesAccessGuard, NotesRead, NotesWrite } from './notes-access.guard';
import { NOTE_NOT_FOUND, NotesService } from './notes.service';
import { ArticleRefIdParam } from '../comments/article-ref';

const NoteIdParam = () => IdParam('noteId', () => notFound(NOTE_NOT_FOUND));

/** Spec 4.9 team notes. `notes.read`/`notes.write` and notes access are checked by NotesAccessGuard. */
@Controller('articles/:id/notes')
@Scopes()
@UseGuards(NotesAccessGuard)
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @ApiOperation({ summary: 'Team notes of an article' })
  @Get()
  @NotesRead()
  list(
    @CurrentSite() site: SiteContext,
    @ArticleRefIdParam() id: number,
    @Query() query: NotesQuery,
  ) {
    return this.notes.list(site, id, {
      lang: query.lang,
      includeResolved: query.include_resolved ?? false,
    });
  }

  @ApiOperation({ summary: 'Reply to a team note' })
  @Post(':noteId/replies')
  @HttpCode(201)
  @NotesWrite()
  reply(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleRefIdParam() id: number,
    @NoteIdParam() noteId: number,
    @Body() body: NoteReplyDto,
  ) {
    return this.notes.reply(site, ctx, id, noteId, body.text);
  }

  @ApiOperation({ summary: 'Resolve a team note' })
  @Post(':noteId/resolve')
  @HttpCode(200)
  @NotesWrite()
  resolve(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleRefIdParam() id: number,
    @NoteIdParam() noteId: number,
  ) {
    return this.notes.resolve(site, ctx, id, noteId);
  }
}
