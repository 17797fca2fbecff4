import type { Provider } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { IMAGE_STORAGE, type ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image.storage';
import { S3ImageStorage } from './s3-image.storage';

/** Picks the storage from `HC_IMAGE_STORAGE` (local disk by default). */
export function createImageStorage(): ImageStorage {
  const config = settings().imageStorage;
  return config.driver === 's3' ? new S3ImageStorage(config) : new LocalImageStorage();
}

export const imageStorageProvider: Provider = {
  provide: IMAGE_STORAGE,
  useFactory: createImageStorage,
};
