import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { illFormedTextPaths, oauthError } from '@hc/contracts';
import { OutboundError, safeFetch } from '@hc/net';
import { TokensRepository } from './tokens.repository';

/** What a client is stored as (oidc-provider client metadata). */
export interface ClientMetadata {
  client_id: string;
  /**
   * The plain secret only in the answer of create/rotate; as handed to oidc-provider, its hash
   * (`clientSecretHash`), which `clientSecretMatches` compares against.
   */
  client_secret?: string;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: AuthMethod;
  client_id_issued_at?: number;
}

export type AuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';
const AUTH_METHODS: AuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
export const DEFAULT_CLIENT_NAME = 'Unnamed application';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Confidential client secrets are stored as SHA-256 (issue #15): they are 256 random bits, so a
 * fast hash is enough; the plain secret is shown once, at creation or rotation.
 */
export function clientSecretHash(secret: string): string {
  return `sha256:${createHash('sha256').update(secret).digest('hex')}`;
}

/** Compares a presented secret with a stored hash in constant time. */
export function clientSecretMatches(storedHash: string, presented: string): boolean {
  const a = Buffer.from(clientSecretHash(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A stored client without its plain secret: `client_secret_hash` instead. */
type StoredClient = Omit<ClientMetadata, 'client_secret'> & { client_secret_hash?: string };

function toStored(client: ClientMetadata): StoredClient {
  const { client_secret: secret, ...rest } = client;
  return secret ? { ...rest, client_secret_hash: clientSecretHash(secret) } : rest;
}

/** Spec 8: client metadata documents. */
const METADATA_DOCUMENT = {
  maxUrlLength: 191,
  timeoutMs: 5000,
  maxBytes: 64 * 1024,
  maxAgeMs: 3600_000,
};

function invalidMetadata(hint: string) {
  return oauthError(
    400,
    'invalid_client_metadata',
    'The value of one of the client metadata fields is invalid.',
    hint,
  );
}

function invalidRedirectUri(hint: string) {
  return oauthError(
    400,
    'invalid_redirect_uri',
    'The value of one or more redirection URIs is invalid.',
    hint,
  );
}

/** Spec 4.13: loopback redirect URIs match on any port; host and path must match. */
export function isLoopback(uri: string): boolean {
  const url = URL.parse(uri);
  return Boolean(url && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export function loopbackMatches(requested: string, registered: string[]): boolean {
  const url = URL.parse(requested);
  if (!url || !isLoopback(requested)) return false;
  return registered.some((r) => {
    const reg = URL.parse(r);
    if (!reg || !isLoopback(r)) return false;
    return (
      reg.hostname === url.hostname && reg.pathname === url.pathname && reg.search === url.search
    );
  });
}

/** No unpaired UTF-16 surrogate (issue 34 item 7): JSON allows one, UTF-8 and so MariaDB do not. */
function wellFormed(text: string): boolean {
  return illFormedTextPaths(text).length === 0;
}

/** Spec 4.13 redirect URI rules: absolute https, or http on a loopback host; no fragment. */
function checkRedirectUri(uri: unknown): string {
  if (typeof uri !== 'string' || uri === '')
    throw invalidRedirectUri('Each redirect URI must be an absolute URI.');
  // Issue 34 item 7: `"\ud800"` is valid JSON but no text the database can hold (it was a 500).
  if (!wellFormed(uri)) throw invalidRedirectUri('Each redirect URI must be valid Unicode text.');
  const url = URL.parse(uri);
  if (!url) throw invalidRedirectUri('Each redirect URI must be an absolute URI.');
  if (uri.includes('#')) throw invalidRedirectUri('Redirect URIs must not contain a fragment.');
  if (url.protocol === 'https:') return uri;
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return uri;
    throw invalidRedirectUri(
      'Redirect URIs must use https, or http on 127.0.0.1, [::1] or localhost.',
    );
  }
  throw invalidRedirectUri('Custom URI schemes are not accepted.');
}

/**
 * Clients: dynamic registration (spec 4.13), support-registered confidential clients
 * (`hc oauth client …`), and client ID metadata documents fetched through the SSRF-safe fetcher.
 */
@Injectable()
export class ClientsService {
  private readonly logger = new Logger('ClientsService');
  private readonly documents = new Map<
    string,
    { metadata: ClientMetadata | null; expiresAt: number }
  >();

  constructor(@Inject(TokensRepository) private readonly store: TokensRepository) {}

  /** Validates a registration request (spec 4.13 field rules); other fields are ignored. */
  validateRegistration(body: unknown): Omit<ClientMetadata, 'client_id'> {
    const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<
      string,
      unknown
    >;
    const uris = input.redirect_uris;
    if (uris === undefined || uris === null)
      throw invalidRedirectUri('The redirect_uris field is required.');
    if (!Array.isArray(uris)) throw invalidRedirectUri('The redirect_uris field must be an array.');
    if (uris.length < 1 || uris.length > 10)
      throw invalidRedirectUri('Register between 1 and 10 redirect URIs.');
    const redirectUris = uris.map(checkRedirectUri);

    const method = input.token_endpoint_auth_method ?? 'none';
    if (typeof method !== 'string' || !AUTH_METHODS.includes(method as AuthMethod)) {
      throw invalidMetadata(
        'token_endpoint_auth_method must be none, client_secret_basic or client_secret_post.',
      );
    }
    const grants = input.grant_types;
    if (grants !== undefined && grants !== null) {
      if (
        !Array.isArray(grants) ||
        grants.some((g) => typeof g !== 'string' || !GRANT_TYPES.includes(g))
      ) {
        throw invalidMetadata(
          'Only the authorization_code and refresh_token grant types are accepted.',
        );
      }
    }
    let name = input.client_name;
    if (name === undefined || name === null || (typeof name === 'string' && name.trim() === ''))
      name = DEFAULT_CLIENT_NAME;
    if (typeof name !== 'string') throw invalidMetadata('client_name must be a string.');
    if (!wellFormed(name)) throw invalidMetadata('client_name must be valid Unicode text.');
    if (name.length > 120)
      throw invalidMetadata('client_name must not be longer than 120 characters.');
    return {
      client_name: name,
      redirect_uris: redirectUris,
      grant_types: [...GRANT_TYPES],
      response_types: ['code'],
      token_endpoint_auth_method: method as AuthMethod,
    };
  }

  /** Stores a new client; confidential clients get a secret that never expires (spec 2.11). */
  async create(fields: Omit<ClientMetadata, 'client_id'>): Promise<ClientMetadata> {
    const client: ClientMetadata = {
      client_id: randomBytes(16).toString('hex'),
      ...fields,
      client_id_issued_at: Math.floor(Date.now() / 1000),
    };
    if (client.token_endpoint_auth_method !== 'none')
      client.client_secret = randomBytes(32).toString('base64url');
    await this.store.upsertPayload('Client', client.client_id, { ...toStored(client) }, undefined);
    return client;
  }

  async rotateSecret(clientId: string): Promise<ClientMetadata> {
    const client = (await this.store.findPayload('Client', 'id', clientId)) as
      StoredClient | undefined;
    if (!client) throw new Error(`no client with id ${clientId}`);
    if (client.token_endpoint_auth_method === 'none')
      throw new Error(`client ${clientId} is a public client`);
    const updated: ClientMetadata = {
      ...client,
      client_secret: randomBytes(32).toString('base64url'),
    };
    await this.store.upsertPayload('Client', clientId, { ...toStored(updated) }, undefined);
    return updated;
  }

  /** Whether a metadata document's answer (usable or not) is cached: no fetch to find it. */
  hasDocument(url: string): boolean {
    return (this.documents.get(url)?.expiresAt ?? 0) > Date.now();
  }

  /** A stored client, or a client ID metadata document (spec 4.13). */
  async find(clientId: string): Promise<ClientMetadata | undefined> {
    if (/^https:\/\//i.test(clientId)) return (await this.metadataDocument(clientId)) ?? undefined;
    const stored = (await this.store.findPayload('Client', 'id', clientId)) as
      (StoredClient & { client_secret?: string }) | undefined;
    if (!stored) return undefined;
    // oidc-provider holds the hash as the client's secret; `clientSecretMatches` compares.
    const { client_secret_hash: hash, client_secret: legacy, ...client } = stored;
    const secret = hash ?? (legacy ? clientSecretHash(legacy) : undefined);
    return secret ? { ...client, client_secret: secret } : client;
  }

  /** The response of registration and of the CLI: the client fields of spec 2.11. */
  static toResponse(client: ClientMetadata): Record<string, unknown> {
    return {
      client_id: client.client_id,
      ...(client.client_secret
        ? { client_secret: client.client_secret, client_secret_expires_at: 0 }
        : {}),
      client_id_issued_at: client.client_id_issued_at,
      client_name: client.client_name,
      redirect_uris: client.redirect_uris,
      grant_types: client.grant_types,
      response_types: client.response_types,
      token_endpoint_auth_method: client.token_endpoint_auth_method,
    };
  }

  /**
   * Fetches and caches (up to one hour) a client ID metadata document: public address, 5 s,
   * 64 KB, no redirect, through `safeFetch`. Anything unusable → no client (`invalid_client`).
   */
  private async metadataDocument(url: string): Promise<ClientMetadata | null> {
    const cached = this.documents.get(url);
    if (cached && cached.expiresAt > Date.now()) return cached.metadata;
    const metadata = await this.fetchDocument(url);
    this.documents.set(url, {
      metadata,
      expiresAt: Date.now() + (metadata ? METADATA_DOCUMENT.maxAgeMs : 60_000),
    });
    if (this.documents.size > 1000)
      this.documents.delete(this.documents.keys().next().value as string);
    return metadata;
  }

  private async fetchDocument(url: string): Promise<ClientMetadata | null> {
    const parsed = URL.parse(url);
    if (
      !parsed ||
      url.length > METADATA_DOCUMENT.maxUrlLength ||
      parsed.hash ||
      parsed.username ||
      parsed.password
    ) {
      return null;
    }
    try {
      const res = await safeFetch(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        timeoutMs: METADATA_DOCUMENT.timeoutMs,
        maxBytes: METADATA_DOCUMENT.maxBytes,
        maxRedirects: 0,
        requireHttps: true,
      });
      if (res.status !== 200) return null;
      const doc = JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
      if (!doc || typeof doc !== 'object' || doc.client_id !== url) return null;
      const uris = doc.redirect_uris;
      if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10) return null;
      const redirectUris = uris.map(checkRedirectUri);
      const name =
        typeof doc.client_name === 'string' && doc.client_name.trim()
          ? doc.client_name.slice(0, 120)
          : url;
      // Always a public client (spec 4.13).
      return {
        client_id: url,
        client_name: name,
        redirect_uris: redirectUris,
        grant_types: [...GRANT_TYPES],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    } catch (err) {
      const reason =
        err instanceof OutboundError
          ? err.reason
          : err instanceof Error
            ? err.message
            : String(err);
      // Never the query string: it may carry a signature (issue #15: no secret in a log line).
      const shown = url.split(/[?#]/)[0];
      this.logger.warn(`client metadata document ${shown} unusable: ${reason}`);
      return null;
    }
  }
}
