import { Controller, Delete, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { fieldError, notFound } from '@hc/contracts';
import {
  dryRunRequested,
  DryRunQuery,
  IdParam,
  queryBoolean,
  queryString,
  readPaging,
  RedirectInvalidInput,
  SharedIpLimit,
} from '@hc/http';
import { BulkImagesDto } from './dto/bulk-images.dto';
import { imageMessages } from './image-rules';
import { readBulkImageRequest, readSingleImageRequest } from './image-request';
import { ImagesBulkService } from './images-bulk.service';
import { ImagesService } from './images.service';
import { UploadUrlsService } from './upload-urls.service';

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

  @ApiOperation({ summary: 'Upload an image or import it from a URL' })
  @Post()
  @Scopes('content.write')
  @SharedIpLimit(60)
  async create(
    @CurrentSite() site: SiteContext,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const input = await readSingleImageRequest(req, true);
    const answer = await this.images.create(site, input);
    res.status(answer.httpStatus);
    return answer.body;
  }

  @ApiOperation({ summary: 'Import up to 20 images' })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: BulkImagesDto })
  @DryRunQuery()
  @Post('bulk')
  @Scopes('content.write')
  @SharedIpLimit(20)
  @HttpCode(207)
  async createMany(
    @CurrentSite() site: SiteContext,
    @Req() req: Request,
    @Query() query: Record<string, unknown>,
  ) {
    const input = await readBulkImageRequest(req);
    return this.bulk.create(site, input, dryRunRequested(query, input.dryRun));
  }

  @ApiOperation({ summary: 'Create a one-image upload URL' })
  @Post('uploads')
  @Scopes('content.write')
  @SharedIpLimit(60)
  @HttpCode(200)
  createUploadUrl(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext) {
    return this.uploadUrls.create(site, ctx);
  }

  @ApiOperation({ summary: 'List images' })
  @Get()
  @Scopes('content.read')
  @RedirectInvalidInput()
  list(@CurrentSite() site: SiteContext, @Query() query: Record<string, unknown>) {
    const paging = readPaging(query, { defaultSize: 50, maxSize: 100, overMax: 422 });
    const checksum = queryString(query, 'checksum');
    if (checksum !== undefined && !/^[0-9a-fA-F]{64}$/.test(checksum)) {
      throw fieldError(
        'checksum',
        'The checksum field must be a SHA-256 checksum of 64 hexadecimal characters.',
      );
    }
    return this.images.list(site.id, { checksum: checksum?.toLowerCase() }, paging);
  }

  @ApiOperation({ summary: 'Read one image' })
  @Get(':id')
  @Scopes('content.read')
  get(@CurrentSite() site: SiteContext, @ImageIdParam() id: number) {
    return this.images.get(site.id, id);
  }

  @ApiOperation({ summary: 'Delete an image' })
  @Delete(':id')
  @Scopes('content.write')
  remove(
    @CurrentSite() site: SiteContext,
    @ImageIdParam() id: number,
    @Query() query: Record<string, unknown>,
  ) {
    // Spec 4.1 rule 7: `force` also accepts `true` here.
    const force = queryBoolean(query, 'force', { acceptWords: true }) ?? false;
    return this.images.delete(site, id, force);
  }
}
