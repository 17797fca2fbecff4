import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '@hc/auth';
import { htmlNotFound } from '@hc/contracts';
import {
  CONTENT_TYPES,
  IMAGE_STORAGE,
  isValidKey,
  type ImageStorage,
} from './storage/image-storage';
import { LocalImageStorage } from './storage/local-image.storage';

/**
 * The files of local image storage at their permanent URLs, `{base_url}/images/files/<site
 * uuid>/<name>`: public like any image on a web page. With S3 storage files are served from
 * the bucket and this route answers 404.
 */
@Controller('images/files')
export class ImageFilesController {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  @ApiOperation({ summary: 'An image file as stored' })
  @Get(':site/:name')
  @Public()
  async file(@Param('site') site: string, @Param('name') name: string, @Res() res: Response) {
    const key = `${site}/${name}`;
    if (!(this.storage instanceof LocalImageStorage) || !isValidKey(key)) throw htmlNotFound();
    const data = await this.storage.read(key);
    if (!data) throw htmlNotFound();
    res.setHeader('Content-Type', CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Reader pages live on other origins (issue #14) and embed these files.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.status(200).end(data);
  }
}
