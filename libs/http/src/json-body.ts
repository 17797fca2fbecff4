// The one JSON reading every API body passes (issue #16: hostile JSON never answers 500).
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { apiError, ApiError, CommonErrorCode } from '@hc/contracts';

/**
 * Keys that reach an object's prototype machinery (`Object.assign`, class-transformer's
 * `value.constructor`): dropped at any depth, so a body is judged as if they were not sent.
 */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Deeper bodies are refused before any recursive code (trimming, validation) sees them. */
export const MAX_JSON_DEPTH = 64;

const INVALID_JSON = 'The request body is not valid JSON.';

/** 400 `invalid_json`: malformed JSON, invalid UTF-8, a charset other than UTF-8, deep nesting. */
export function invalidJson(message = INVALID_JSON): ApiError {
  return apiError(CommonErrorCode.InvalidJson, message);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** body-parser `verify`: the raw bytes must be UTF-8 (RFC 8259 §8.1); a thrown error refuses. */
function verifyUtf8(_req: unknown, _res: unknown, buf: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw new Error('not UTF-8');
  strictUtf8.decode(buf);
}

/**
 * Removes prototype keys in place and refuses nesting deeper than MAX_JSON_DEPTH (iterative, so
 * a hostile body cannot exhaust the stack here). Throws `invalid_json` for a too-deep value.
 */
export function sanitizeJson(root: unknown): void {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) throw invalidJson('The request body is nested too deeply.');
    if (!Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const key of PROTOTYPE_KEYS) if (Object.hasOwn(record, key)) delete record[key];
    }
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
}

/** body-parser's own refusals (4xx with a `type`) become `invalid_json`; 413 stays 413. */
function readingError(err: unknown): unknown {
  const { type, status } = (err ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large') return err;
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500)
    return invalidJson();
  return err;
}

/**
 * express.json with the hostile-input rules: UTF-8 only, prototype keys dropped, depth bounded,
 * every parse failure one 400 `invalid_json` answer (spec 7 shape (a)).
 */
export function safeJsonParser(options: {
  limit: string;
  type: string | string[] | ((req: IncomingMessage) => boolean);
}): RequestHandler {
  const parse = express.json({ ...options, verify: verifyUtf8 });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (err?: unknown) => {
      if (err) return next(readingError(err));
      try {
        sanitizeJson(req.body);
      } catch (refusal) {
        return next(refusal);
      }
      next();
    });
}
