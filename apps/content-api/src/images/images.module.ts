import { Module } from '@nestjs/common';
import { ImageFilesController } from './image-files.controller';
import { ImageImporter } from './image-importer';
import { ImageStoreService } from './image-store.service';
import { ImagesBulkService } from './images-bulk.service';
import { ImagesController } from './images.controller';
import { ImagesRepository, UploadUrlsRepository } from './images.repository';
import { ImagesService } from './images.service';
import { RehostService } from './rehost.service';
import { imageStorageProvider } from './storage/storage.provider';
import { UploadUrlController } from './upload-url.controller';
import { UploadUrlsService } from './upload-urls.service';

@Module({
  // Files and upload URLs first: their paths would otherwise meet `images/:id`.
  controllers: [ImageFilesController, UploadUrlController, ImagesController],
  providers: [
    imageStorageProvider,
    ImagesRepository,
    UploadUrlsRepository,
    ImageStoreService,
    ImageImporter,
    ImagesService,
    ImagesBulkService,
    UploadUrlsService,
    RehostService,
  ],
  exports: [RehostService],
})
export class ImagesModule {}
