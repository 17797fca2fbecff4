import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
  NotFoundException,
  SetMetadata,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  ApiError,
  apiError,
  CommonErrorCode,
  htmlNotFound,
  internalError,
  methodNotAllowed,
  payloadTooLarge,
  settings,
} from '@hc/contracts';
import { wantsJson } from './accept';
import { htmlErrorPage } from './html';
import { routePattern } from './logging';
import { allowedMethods } from './routes';

const invalidBody = () =>
  apiError(CommonErrorCode.InvalidBody, 'The request body could not be read.');

export const REDIRECT_INVALID_INPUT_KEY = 'hc:redirect-invalid-input';

/**
 * Spec 4.1 rule 3: without `Accept: application/json`, invalid input on this route answers 302
 * to the API origin (GET /categories, GET /images, PATCH /articles/{id}).
 */
export const RedirectInvalidInput = () => SetMetadata(REDIRECT_INVALID_INPUT_KEY, true);

interface FilterRequest extends Request {
  hcRedirectInvalidInput?: boolean;
}

/** The one exception filter: renders every error in the spec's body shapes (a)–(f). */
@Catch()
export class HcExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FilterRequest>();
    const res = ctx.getResponse<Response>();
    if (res.headersSent) {
      res.end();
      return;
    }
    const error = this.toApiError(exception, req);
    const json = wantsJson(req);

    if (!json && req.hcRedirectInvalidInput && error.isInvalidInput) {
      res.redirect(302, settings().apiOrigin);
      return;
    }
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    const html = error.rendering === 'html' || (error.rendering === 'html-unless-json' && !json);
    if (html) {
      res.status(error.status).type('html').send(htmlErrorPage(error.status));
    } else {
      res.status(error.status).json(error.body);
    }
  }

  private toApiError(exception: unknown, req: Request): ApiError {
    if (exception instanceof ApiError) return exception;
    const bodyParserType = (exception as { type?: string } | null)?.type;
    if (bodyParserType === 'entity.too.large') return payloadTooLarge();
    const parserStatus = (exception as { status?: unknown } | null)?.status;
    if (typeof bodyParserType === 'string' && typeof parserStatus === 'number') {
      // A body parser's own refusal (form bodies, charsets): the caller's mistake, never a 500.
      if (parserStatus >= 400 && parserStatus < 500) return invalidBody();
    }
    if (
      exception instanceof NotFoundException &&
      !(exception.getResponse() as { hc?: boolean }).hc
    ) {
      // Nest's own "no route matched": 405 when another method exists for the path.
      const allow = allowedMethods(req);
      return allow.length ? methodNotAllowed(allow) : htmlNotFound();
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 413) return payloadTooLarge();
      if (status < 500) {
        const body = exception.getResponse();
        const message =
          typeof body === 'string'
            ? body
            : ((body as { message?: unknown }).message ?? exception.message);
        return new ApiError(status, {
          status: 'error',
          code: CommonErrorCode.HttpError,
          message: String(message),
        });
      }
    }
    // Issue 18: the error id is the request id, so the 500 leads to every line of its request.
    const errorId = req.id === undefined ? randomUUID() : String(req.id);
    // The route pattern, not the URL: query strings can carry signatures.
    this.logger.error(
      `error ${errorId} on ${req.method} ${routePattern(req)}: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return internalError(errorId);
  }
}
