import {
  Controller,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '@hc/auth';
import { IpRateLimit, wrapSuccess } from '@hc/http';
import { ImageFileInterceptor } from './image-file.interceptor';
import { readSingleImageRequest } from './image-request';
import { UploadUrlGuard, uploadTarget } from './upload-url.guard';
import { UploadUrlsService } from './upload-urls.service';
import { UploadUrlQuery } from './dto/upload-url-query.dto';

/** POST /images/uploads/{intent}: no key; the signed URL is the credential (spec 4.7). */
@Controller('images/uploads')
export class UploadUrlController {
  constructor(private readonly uploadUrls: UploadUrlsService) {}

  @Post(':intent')
  @Public()
  // Spec 8: 60 per minute, counted apart from the shared image counter.
  @ApiOperation({ summary: 'Upload an image to an upload URL' })
  @IpRateLimit({ counter: 'upload-url', limit: 60 })
  // The URL's signature is checked (guard) before multer reads the body (interceptor).
  @UseGuards(UploadUrlGuard)
  @UseInterceptors(ImageFileInterceptor)
  async upload(
    @Param('intent') intent: string,
    // Validated by UploadUrlGuard already; declared for the API document.
    @Query() _query: UploadUrlQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const site = uploadTarget(req);
    const input = await readSingleImageRequest(req, false);
    const answer = await this.uploadUrls.upload(intent, site, input);
    res.status(answer.httpStatus);
    return wrapSuccess(answer.body);
  }
}
