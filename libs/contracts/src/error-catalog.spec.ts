import {
  AuthErrorCode,
  ChangeSetErrorCode,
  CommonErrorCode,
  ContentErrorCode,
  DesignErrorCode,
  ERROR_CODES,
  errorEntry,
  StagingErrorCode,
} from './error-catalog';
import { apiError, notFound, unauthorized } from './errors';

describe('error catalog (spec 7)', () => {
  it('gives every code of every domain a status and a body shape', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of ERROR_CODES) {
      const entry = errorEntry(code);
      expect([400, 401, 402, 403, 404, 409, 410, 412, 413, 422, 500, 503]).toContain(entry.status);
      expect(['a', 'b', 'd']).toContain(entry.shape);
    }
  });

  it('holds each wire code once, so one code never means two statuses', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it.each([
    [AuthErrorCode.InsufficientScope, 403],
    [AuthErrorCode.SiteRequired, 400],
    [AuthErrorCode.PlanUpgradeRequired, 402],
    [ContentErrorCode.UploadUrlRevoked, 403],
    [ContentErrorCode.UploadUrlUsed, 410],
    [StagingErrorCode.StaleEtag, 409],
    [StagingErrorCode.NotPublished, 422],
    [DesignErrorCode.StaleDraft, 412],
    [DesignErrorCode.TemplateMigrationRequired, 409],
    [ChangeSetErrorCode.NotOpen, 409],
    [CommonErrorCode.InvalidArgument, 400],
  ])('%s answers %i as spec 7 lists it', (code, status) => {
    expect(errorEntry(code).status).toBe(status);
  });

  it('apiError renders shape (a) with the status from the table', () => {
    const e = apiError(StagingErrorCode.BaseChanged, 'changed', { etag: 'x' });
    expect(e.status).toBe(409);
    expect(e.body).toEqual({
      status: 'error',
      code: 'BASE_CHANGED',
      message: 'changed',
      etag: 'x',
    });
  });

  it('notFound takes only 404 codes and defaults to not_found', () => {
    expect(notFound('Article not found.').body).toEqual({
      status: 'error',
      code: 'not_found',
      message: 'Article not found.',
    });
    expect(notFound('x', DesignErrorCode.ComponentNotFound).status).toBe(404);
    // @ts-expect-error a 409 code is no 404
    notFound('x', DesignErrorCode.NothingToPublish);
  });

  it('renders shape (d) for unauthorized', () => {
    expect(unauthorized().status).toBe(401);
    expect(unauthorized().body).toEqual({ status: 'unauthorized' });
  });
});
