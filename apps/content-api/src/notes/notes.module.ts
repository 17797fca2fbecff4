import { Module } from '@nestjs/common';
import { CommentEmailsRepository } from '../comments/comment-emails.repository';
import { NotesAccessGuard } from './notes-access.guard';
import { NotesController } from './notes.controller';
import { NotesRepository } from './notes.repository';
import { NotesService } from './notes.service';

@Module({
  controllers: [NotesController],
  providers: [NotesRepository, NotesService, NotesAccessGuard, CommentEmailsRepository],
  exports: [NotesService],
})
export class NotesModule {}
