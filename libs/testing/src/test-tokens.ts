import { DynamicModule, Global, INestApplication, Module, Type } from '@nestjs/common';
import { TOKEN_VERIFIER } from '@hc/auth';
import type { TokenVerifier, VerifiedToken } from '@hc/auth';
import { CoreModule, createHttpApp, HttpAppOptions } from '@hc/http';

@Global()
@Module({})
class TestTokensModule {}

type Importable = Type<unknown> | DynamicModule;

/**
 * Bearer tokens for integration tests: a map stands in for auth-server's JWT verifier, so a
 * test states a token's person, sites and scopes in one line (end-to-end tests use real ones).
 */
export class TestTokens {
  private readonly tokens = new Map<string, VerifiedToken>();
  readonly verifier: TokenVerifier = { verify: async (token) => this.tokens.get(token) ?? null };

  constructor(private readonly label: string) {}

  /** A global module providing this verifier as TOKEN_VERIFIER. */
  module(): DynamicModule {
    const provider = { provide: TOKEN_VERIFIER, useValue: this.verifier };
    return { module: TestTokensModule, providers: [provider], exports: [TOKEN_VERIFIER] };
  }

  /** A token for `userId` reaching `siteIds` with `scopes` (audience {api_origin} by default). */
  issue(
    userId: number,
    siteIds: number[],
    scopes: string[],
    overrides: Partial<VerifiedToken> = {},
  ): string {
    const value = `tok-${this.label}-${this.tokens.size + 1}`;
    this.tokens.set(value, {
      tokenId: value,
      clientId: `client-${this.label}`,
      grantId: null,
      userId,
      scopes,
      audience: ['http://localhost:8080'],
      siteIds,
      ...overrides,
    });
    return value;
  }

  /**
   * An app factory for startTestApp: CoreModule, these tokens and the given modules, with every
   * path under /v1 as the real apps have them.
   */
  app(imports: Importable[], options: HttpAppOptions = {}): () => Promise<INestApplication> {
    class AppWithTestTokens {}
    Module({ imports: [CoreModule.forRoot(), this.module(), ...imports] })(AppWithTestTokens);
    return async () => {
      const app = await createHttpApp(AppWithTestTokens, options);
      app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
      return app;
    };
  }
}
