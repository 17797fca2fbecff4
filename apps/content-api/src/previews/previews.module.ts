import { Module } from '@nestjs/common';
import { PreviewsController } from './previews.controller';
import { PreviewsRepository } from './previews.repository';
import { PreviewsService } from './previews.service';

/** Preview hand-offs to the reader site (issue 37). */
@Module({ controllers: [PreviewsController], providers: [PreviewsRepository, PreviewsService] })
export class PreviewsModule {}
