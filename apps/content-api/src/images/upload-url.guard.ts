import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { checkDto } from '@hc/http';
import { UploadUrlQuery } from './dto/upload-url-query.dto';
import { uploadUrlErrors, UploadUrlsService, type UploadTarget } from './upload-urls.service';

type UploadUrlRequest = Request & { hcUploadTarget?: UploadTarget };

/**
 * POST /images/uploads/{intent} (spec 4.7): the URL is the credential, so its signature, expiry
 * and use are checked here, before ImageFileInterceptor reads a byte of the body (guards run
 * before interceptors).
 */
@Injectable()
export class UploadUrlGuard implements CanActivate {
  constructor(private readonly uploadUrls: UploadUrlsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<UploadUrlRequest>();
    const query = checkDto(UploadUrlQuery, req.query as Record<string, unknown>);
    if (!query.ok) throw uploadUrlErrors.invalid();
    req.hcUploadTarget = await this.uploadUrls.check(String(req.params.intent), query.value);
    return true;
  }
}

/** The upload URL's target, as UploadUrlGuard found it. */
export function uploadTarget(req: Request): UploadTarget {
  const target = (req as UploadUrlRequest).hcUploadTarget;
  if (!target) throw new Error('UploadUrlGuard did not run');
  return target;
}
