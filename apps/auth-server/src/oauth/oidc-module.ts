/**
 * oidc-provider 9 is ESM-only. Node 20.20 `require()`s it and jest transforms it to CommonJS
 * (docs: toolchain.md), so one `require` serves both; the namespace's `default` is the class.
 * The package ships no type declarations: the few members used here are typed below.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const oidc = require('oidc-provider') as { default: ProviderClass; errors: Record<string, ErrorClass> };

export type ErrorClass = new (...args: any[]) => Error;

/** The parts of an oidc-provider instance this app uses. */
export interface OidcProvider {
  issuer: string;
  proxy: boolean;
  callback(): (req: any, res: any) => void;
  use(mw: (ctx: any, next: () => Promise<void>) => Promise<void>): void;
  on(event: string, listener: (...args: any[]) => void): void;
  interactionDetails(req: any, res: any): Promise<InteractionDetails>;
  interactionFinished(req: any, res: any, result: object, options?: object): Promise<void>;
  interactionResult(req: any, res: any, result: object, options?: object): Promise<string>;
  Client: { find(id: string): Promise<OidcClient | undefined>; prototype: any };
  Grant: any;
  AuthorizationCode: { find(value: string, opts?: object): Promise<any> };
  RefreshToken: { find(value: string, opts?: object): Promise<any> };
}

export interface OidcClient {
  clientId: string;
  clientName?: string;
  clientAuthMethod: string;
  redirectUris: string[];
  redirectUriAllowed(uri: string): boolean;
}

export interface InteractionDetails {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, any>;
  session?: { accountId: string };
  grantId?: string;
  lastSubmission?: Record<string, unknown>;
}

export type ProviderClass = new (issuer: string, configuration: object) => OidcProvider;

export const Provider: ProviderClass = oidc.default;
export const oidcErrors = oidc.errors;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const policy = require('oidc-provider').interactionPolicy as {
  base(): any;
  Check: new (
    name: string,
    description: string,
    error: string,
    check: (ctx: any) => Promise<boolean> | boolean,
    details?: (ctx: any) => object,
  ) => any;
};
export const interactionPolicy = policy;
