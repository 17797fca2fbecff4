import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ImageFilesController } from './image-files.controller';
import { ImageLibraryController } from './image-library.controller';
import { ImageImporter } from './image-importer';
import { ImageStoreService } from './image-store.service';
import { ImagesBulkService } from './images-bulk.service';
import { ImagesController } from './images.controller';
import { ImagesRepository, UploadUrlsRepository } from './images.repository';
import { ImagesService } from './images.service';
import { RehostService } from './rehost.service';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';
import { S3ImageStorage } from './storage/s3-image.storage';
import { imageStorageProvider } from './storage/storage.provider';
import { UploadUrlController } from './upload-url.controller';
import { UploadUrlsService } from './upload-urls.service';

@Module({
  // Files and upload URLs first: their paths would otherwise meet `images/:id`.
  controllers: [
    ImageFilesController,
    UploadUrlController,
    ImagesController,
    ImageLibraryController,
  ],
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
  // The export job (issue 39) reads the site's images and their files.
  exports: [RehostService, ImagesRepository, IMAGE_STORAGE],
})
export class ImagesModule implements OnApplicationShutdown {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  onApplicationShutdown(): void {
    // The S3 client keeps sockets open; local storage holds nothing.
    if (this.storage instanceof S3ImageStorage) this.storage.destroy();
  }
}
