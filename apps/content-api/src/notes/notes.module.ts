import { Module } from '@nestjs/common';
import { NotesAccessGuard } from './notes-access.guard';
import { NotesController } from './notes.controller';
import { NotesRepository } from './notes.repository';
import { NotesService } from './notes.service';

@Module({
  controllers: [NotesController],
  providers: [NotesRepository, NotesService, NotesAccessGuard],
  exports: [NotesService],
})
export class NotesModule {}
