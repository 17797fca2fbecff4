import { applyDecorators, Get, HttpCode, Post, Type } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import { Scopes } from '@hc/auth';

/**
 * A read's operation id as it was before the reads left `TemplateController`
 * (`TemplateController_<method>`): clients generated from the document keep their names.
 */
export const templateOperation = (summary: string, method: string) =>
  ApiOperation({ summary, operationId: `TemplateController_${method}` });

/** A design read: `GET /template/<path>` with the `design.read` scope and its kept operation id. */
export const designRead = (summary: string, method: string, path?: string) =>
  applyDecorators(templateOperation(summary, method), Get(path), Scopes('design.read'));

/** A design write by POST: an optional body of `body`, 200 on success, the `design.write` scope. */
export const designPost = (summary: string, path: string, body: Type<unknown>) =>
  applyDecorators(
    ApiOperation({ summary }),
    ApiBody({ type: body, required: false }),
    Post(path),
    HttpCode(200),
    Scopes('design.write'),
  );
