// Bounded work before trust (issue #15): a request without a valid credential is answered
// without reading more than 64 KB of its body; the 32 MB of spec 4.1 is for authenticated ones.
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiError, ApiError, CommonErrorCode } from '@hc/contracts';
import { CredentialRepository, hashApiKeyToken, JwtTokenVerifier } from '@hc/auth';

export const ANONYMOUS_BODY_LIMIT = '64kb';
const ANONYMOUS_BODY_BYTES = 64 * 1024;

/** Whether the credential a request presents is valid (checked before its body is read). */
export type CredentialCheck = (req: Request) => Promise<boolean>;

type TrustedRequest = Request & { hcBodyTrusted?: boolean };

/** Whether the request may send a body of up to 32 MB (set by `boundedBodies`). */
export function bodyTrusted(req: Request): boolean {
  return (req as TrustedRequest).hcBodyTrusted === true;
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The API key or bearer token of a request, checked as the credential guard will: the key's
 * hash among active keys, the token's signature and claims. Apps without them trust nothing.
 */
export function credentialCheck(app: INestApplication): CredentialCheck {
  let keys: CredentialRepository | null = null;
  let tokens: JwtTokenVerifier | null = null;
  try {
    keys = app.get(CredentialRepository, { strict: false });
    tokens = app.get(JwtTokenVerifier, { strict: false });
  } catch {
    /* an app without credentials: every body is anonymous */
  }
  return async (req) => {
    const apiKey = header(req, 'apikey');
    if (apiKey)
      return keys !== null && (await keys.findActiveKey(hashApiKeyToken(apiKey))) !== null;
    const authorization = header(req, 'authorization');
    if (!authorization?.startsWith('Bearer ') || !tokens) return false;
    // An app whose database user may not read the public key (reader-site) trusts no token.
    const claims = await tokens
      .verifyClaims(authorization.slice('Bearer '.length).trim())
      .catch(() => null);
    return claims !== null;
  };
}

function lengthRequired(): ApiError {
  return apiError(
    CommonErrorCode.BodyTooLarge,
    'A request without a credential must send its body, at most 64 KB, with a Content-Length.',
    {},
    'html-unless-json',
  );
}

/** 413 for a body over 64 KB without a valid credential. */
export function tooLargeWithoutCredential(): ApiError {
  return apiError(
    CommonErrorCode.BodyTooLarge,
    'The request body is larger than 64 KB. Larger bodies need a credential.',
    {},
    'html-unless-json',
  );
}

/**
 * Before any body is read: a body that may exceed 64 KB (a longer `Content-Length`, or one sent
 * in chunks) is allowed only with a valid credential; otherwise 413 at once (also for chunks, whose length is unknown),
 * and the connection is closed rather than drained. `signedPaths` are routes whose URL is their credential (upload
 * URLs): they check it before reading their own body.
 */
export function boundedBodies(check: CredentialCheck, signedPaths?: RegExp): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (!chunked && !(length > ANONYMOUS_BODY_BYTES)) return next();
    if (signedPaths?.test(req.path)) return next();
    check(req).then(
      (trusted) => {
        if (trusted) {
          (req as TrustedRequest).hcBodyTrusted = true;
          return next();
        }
        res.setHeader('Connection', 'close');
        // A body in chunks has no length to judge before reading it: it must declare one.
        next(
          chunked && !(length > ANONYMOUS_BODY_BYTES)
            ? lengthRequired()
            : tooLargeWithoutCredential(),
        );
      },
      (err: unknown) => next(err),
    );
  };
}
