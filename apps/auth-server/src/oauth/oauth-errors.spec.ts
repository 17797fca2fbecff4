import { HINTS, mapTokenError } from './oauth-errors';

describe('token error mapping (spec 4.13)', () => {
  const grantError = (detail: string) => ({ error: 'invalid_grant', error_detail: detail });
  const body = { error: 'invalid_grant', error_description: 'grant request is invalid' };

  it('a used, unknown or revoked refresh token is 401 "The refresh token is invalid." / revoked', () => {
    for (const detail of [
      'refresh token already used',
      'refresh token not found',
      'client mismatch',
      'grant not found',
    ]) {
      const e = mapTokenError(grantError(detail), 'refresh_token', body);
      expect(e.status).toBe(401);
      expect(e.body).toEqual({
        error: 'invalid_request',
        error_description: 'The refresh token is invalid.',
        hint: HINTS.tokenRevoked,
        message: 'The refresh token is invalid.',
      });
    }
  });

  it('an expired refresh token says so', () => {
    expect(
      mapTokenError(grantError('refresh token is expired'), 'refresh_token', body).body.hint,
    ).toBe('Token has expired');
  });

  it.each([
    [
      'spent',
      'authorization code already consumed',
      'invalid_request',
      'Authorization code has been revoked',
    ],
    [
      'expired',
      'authorization code is expired',
      'invalid_request',
      'Authorization code has expired',
    ],
    [
      'PKCE mismatch',
      'code_verifier does not match code_challenge',
      'invalid_grant',
      'Failed to verify `code_verifier`',
    ],
  ])(
    'code errors: %s (%s) answer 400 with the error and hint of 4.13',
    (_, detail, error, hint) => {
      const e = mapTokenError(grantError(detail), 'authorization_code', body);
      expect(e.status).toBe(400);
      expect(e.body).toMatchObject({ error, hint });
    },
  );

  it('keeps other codes, with their status and a hint, in shape (f)', () => {
    const client = mapTokenError(
      { error: 'invalid_client', error_detail: 'client secret mismatch' },
      'authorization_code',
      {
        error: 'invalid_client',
        error_description: 'client authentication failed',
      },
    );
    expect(client.status).toBe(401);
    expect(client.body).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed',
      hint: 'Client secret mismatch',
      message: 'Client authentication failed',
    });
    const grantType = mapTokenError(undefined, 'password', {
      error: 'unsupported_grant_type',
      error_description: 'x',
    });
    expect(grantType.status).toBe(400);
    expect(grantType.body.error).toBe('unsupported_grant_type');
  });
});
