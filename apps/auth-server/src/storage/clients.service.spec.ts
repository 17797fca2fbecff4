import { ApiError } from '@hc/contracts';
import { ClientsService, loopbackMatches } from './clients.service';
import type { TokensRepository } from './tokens.repository';

describe('client registration rules (spec 4.13)', () => {
  const clients = new ClientsService({} as TokensRepository);
  const refused = (body: unknown): string => {
    try {
      clients.validateRegistration(body);
    } catch (err) {
      if (err instanceof ApiError) return String(err.body.error);
      throw err;
    }
    return 'accepted';
  };

  it('defaults: public client, both grant types, "Unnamed application"', () => {
    expect(clients.validateRegistration({ redirect_uris: ['https://a.example/cb'] })).toEqual({
      client_name: 'Unnamed application',
      redirect_uris: ['https://a.example/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('accepts https and loopback http; refuses other hosts, fragments, custom schemes', () => {
    expect(
      refused({
        redirect_uris: ['http://127.0.0.1:9/cb', 'http://[::1]/cb', 'http://localhost/cb'],
      }),
    ).toBe('accepted');
    expect(refused({ redirect_uris: ['http://10.0.0.1/cb'] })).toBe('invalid_redirect_uri');
    expect(refused({ redirect_uris: ['https://a.example/cb#f'] })).toBe('invalid_redirect_uri');
    expect(refused({ redirect_uris: ['myapp://cb'] })).toBe('invalid_redirect_uri');
    expect(refused({ redirect_uris: 'https://a.example/cb' })).toBe('invalid_redirect_uri');
  });

  it('limits names to 120 characters and grant types to the two', () => {
    expect(refused({ redirect_uris: ['https://a.example'], client_name: 'x'.repeat(120) })).toBe(
      'accepted',
    );
    expect(refused({ redirect_uris: ['https://a.example'], client_name: 'x'.repeat(121) })).toBe(
      'invalid_client_metadata',
    );
    expect(refused({ redirect_uris: ['https://a.example'], grant_types: ['implicit'] })).toBe(
      'invalid_client_metadata',
    );
  });

  it('loopback URIs match on any port, same host and path', () => {
    expect(loopbackMatches('http://127.0.0.1:5000/cb', ['http://127.0.0.1/cb'])).toBe(true);
    expect(loopbackMatches('http://127.0.0.1:5000/cb', ['http://127.0.0.1:4000/cb'])).toBe(true);
    expect(loopbackMatches('http://127.0.0.1:5000/other', ['http://127.0.0.1/cb'])).toBe(false);
    expect(loopbackMatches('http://localhost:5000/cb', ['http://127.0.0.1/cb'])).toBe(false);
    expect(loopbackMatches('https://a.example:5000/cb', ['https://a.example/cb'])).toBe(false);
  });
});
