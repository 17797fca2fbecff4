import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * oidc-provider 9 is ESM-only. Node 20.20 `require()`s it and jest transforms it to CommonJS
 * (tools/jest/esm-packages.cjs), so one `require` serves both; the namespace's `default` is the class.
 * The package ships no type declarations: the members used here are typed below.
 */
/**
 * oidc-provider's two known warnings, dropped at their source (issue 35: they repeated in every
 * test run and start-up, hiding warnings that matter). Any other warning of the package prints.
 * - "Unsupported runtime": the package asks for Node 22 LTS when it loads; we run it on Node
 *   20.19+ (`engines`), which `require()`s it, and its flows pass here (oauth specs, e2e).
 * - "already parsed request body detected": the token endpoint's middleware reads the request
 *   itself to normalise the client's credentials and hands the provider `req.body` on purpose
 *   (oauth.middleware.ts); the provider then uses that body, as the warning says.
 */
const KNOWN_WARNINGS = [
  'oidc-provider WARNING: Unsupported runtime.',
  'oidc-provider WARNING: already parsed request body detected',
];
const consoleWarn = console.warn;
console.warn = (...args: unknown[]) => {
  const [first] = args;
  if (typeof first === 'string' && KNOWN_WARNINGS.some((known) => first.includes(known))) return;
  consoleWarn.apply(console, args);
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const oidc = require('oidc-provider') as {
  default: ProviderClass;
  errors: Record<string, new (description?: string) => Error>;
  interactionPolicy: InteractionPolicyModule;
};

type Req = IncomingMessage;
type Res = ServerResponse;

/** The Koa context as the provider hands it to configuration callbacks and middleware. */
export interface OidcContext {
  oidc?: {
    route?: string;
    params?: Record<string, unknown>;
    body?: Record<string, unknown>;
    entities: Record<string, { jti: string } | undefined>;
    session?: { accountId?: string };
    client: { clientId: string };
    result?: { consent?: { grantId?: string } };
    provider: OidcProvider;
  };
  state: Record<string, unknown>;
  body: unknown;
  status: number;
  type: string;
  response: { headers: Record<string, unknown> };
  remove(name: string): void;
  set(name: string, value: string): void;
}

export interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

/** The parts of an oidc-provider instance this app uses. */
export interface OidcProvider {
  issuer: string;
  proxy: boolean;
  callback(): (req: Req, res: Res) => void;
  use(mw: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void;
  on(event: string, listener: (ctx: OidcContext, err: unknown) => void): void;
  interactionDetails(req: Req, res: Res): Promise<InteractionDetails>;
  interactionFinished(req: Req, res: Res, result: object, options?: object): Promise<void>;
  Client: {
    find(id: string): Promise<OidcClient | undefined>;
    prototype: {
      redirectUriAllowed(uri: string): boolean;
      compareClientSecret(presented: string): Promise<boolean>;
    };
  };
  Grant: {
    new (props: { accountId: string; clientId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
}

export interface OidcClient {
  clientId: string;
  clientAuthMethod: string;
  redirectUris: string[];
  redirectUriAllowed(uri: string): boolean;
}

export interface InteractionDetails {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId: string };
  grantId?: string;
}

export type ProviderClass = new (issuer: string, configuration: object) => OidcProvider;

export interface InteractionPolicyModule {
  base(): { get(name: string): { checks: { add(check: object): void } } };
  Check: new (
    name: string,
    description: string,
    error: string,
    check: (ctx: OidcContext) => Promise<boolean> | boolean,
  ) => object;
}

export const Provider: ProviderClass = oidc.default;
export const oidcErrors = oidc.errors;
export const interactionPolicy = oidc.interactionPolicy;
