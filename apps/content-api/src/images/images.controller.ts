import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Ctx, CurrentSite, isDashboardSession } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { notFound } from '@hc/contracts';
import {
  dryRunRequested,
  DryRunQuery,
  IdParam,
  pagingOf,
  RedirectInvalidInput,
  SharedIpLimit,
  wrapSuccess,
} from '@hc/http';
import { BulkImagesDto } from './dto/bulk-images.dto';
import { DeleteImageQuery, ImagesQuery } from './dto/images-query.dto';
import { UploadImageQuery } from './dto/upload-image-query.dto';
import { ImageFileInterceptor } from './image-file.interceptor';
import { imageMessages } from './image-rules';
import { readBulkImageRequest, readSingleImageRequest } from './image-request';
import { ImagesBulkService } from './images-bulk.service';
import { ImagesService } from './images.service';
import { UploadUrlsService } from './upload-urls.service';
import { ContentRead, ContentWrite } from '../http/content-routes';

/** An id that could be ours; anything else answers like an unknown id (404). */
const ImageIdParam = () => IdParam('id', () => notFound(imageMessages.notFound));

/** Spec 4.7. */
@Controller('images')
export class ImagesController {
  constructor(
    private readonly images: ImagesService,
    private readonly bulk: ImagesBulkService,
    private readonly uploadUrls: UploadUrlsService,
  ) {}

  @ContentWrite(Post(), 'Upload an image or import it from a URL')
  @SharedIpLimit(60)
  // multer reads a multipart body (JSON passes through to the parsed body).
  @UseInterceptors(ImageFileInterceptor)
  async create(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Query() query: UploadImageQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const input = await readSingleImageRequest(req, true);
    const editor = query.editor === '1' && isDashboardSession(ctx);
    const answer = await this.images.create(site, input, editor ? 'editor' : 'api');
    res.status(answer.httpStatus);
    return wrapSuccess(answer.body);
  }

  @ContentWrite(Post('bulk'), 'Import up to 20 images')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: BulkImagesDto })
  @SharedIpLimit(20)
  @HttpCode(207)
  async createMany(
    @CurrentSite() site: SiteContext,
    @Req() req: Request,
    @Query() query: DryRunQuery,
  ) {
    const input = await readBulkImageRequest(req);
    return wrapSuccess(await this.bulk.create(site, input, dryRunRequested(query, input.dryRun)));
  }

  @ContentWrite(Post('uploads'), 'Create a one-image upload URL')
  @SharedIpLimit(60)
  @HttpCode(200)
  async createUploadUrl(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext) {
    return wrapSuccess(await this.uploadUrls.create(site, ctx));
  }

  @ContentRead(Get(), 'List images')
  @RedirectInvalidInput()
  async list(@CurrentSite() site: SiteContext, @Query() query: ImagesQuery) {
    return wrapSuccess(
      await this.images.list(
        site.id,
        { checksum: query.checksum?.toLowerCase() },
        pagingOf(query, 50),
      ),
    );
  }

  @ContentRead(Get(':id'), 'Read one image')
  async get(@CurrentSite() site: SiteContext, @ImageIdParam() id: number) {
    return wrapSuccess(await this.images.get(site.id, id));
  }

  @ContentWrite(Delete(':id'), 'Delete an image')
  async remove(
    @CurrentSite() site: SiteContext,
    @ImageIdParam() id: number,
    @Query() query: DeleteImageQuery,
  ) {
    return wrapSuccess(await this.images.delete(site, id, query.force ?? false));
  }
}
