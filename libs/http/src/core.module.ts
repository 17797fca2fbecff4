import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { settings } from '@hc/contracts';
import { AuthModule, CredentialGuard, JwtTokenVerifier } from '@hc/auth';
import { DatabaseModule } from '@hc/data';
import { HcExceptionFilter } from './exception.filter';
import { HealthController, READINESS_APP } from './health.controller';
import { MetricsController, MetricsRegistrar } from './metrics';
import { ProductionGuard } from './production-guard';
import { createRateLimitStore } from './rate-limit.store';
import { RATE_LIMIT_STORE, RateLimitGuard } from './rate-limit';
import { PasswordThrottle } from './password-throttle';
import { createEmailSender, EMAIL_SENDER } from './mail/email-sender';
import { MailBudget } from './mail/send-budget';
import { RouteFlagsInterceptor } from './route-flags.interceptor';
import { HcValidationPipe } from './validation.pipe';

/**
 * What every HTTP app shares: the database, the credential guard then the rate-limit guard
 * (in that order), the exception filter, the validation pipe and the health endpoints.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(
    options: {
      /**
       * The app (its key in DATABASE_USERS): readiness checks its database rights (issue 36);
       * its pool size is its own (APP_POOL_SIZES) unless HC_DATABASE_POOL_SIZE says otherwise.
       */
      app?: string;
    } = {},
  ): DynamicModule {
    return {
      module: CoreModule,
      imports: [DatabaseModule.forRoot({ app: options.app }), AuthModule],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: READINESS_APP, useValue: options.app ?? null },
        MetricsRegistrar,
        ProductionGuard,
        {
          provide: RATE_LIMIT_STORE,
          useFactory: () => createRateLimitStore(settings().redisUrl, settings().databaseUrl),
        },
        // OAuth bearer tokens (spec 5.2): every app's verifier unless a module provides
        // TOKEN_VERIFIER (tests); see CredentialGuard.
        JwtTokenVerifier,
        PasswordThrottle,
        // Service email (issue 38): SMTP, or the development mailbox; and its send budgets.
        { provide: EMAIL_SENDER, useFactory: createEmailSender },
        MailBudget,
        { provide: APP_GUARD, useExisting: CredentialGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: HcExceptionFilter },
        { provide: APP_PIPE, useClass: HcValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: RouteFlagsInterceptor },
      ],
      exports: [
        RATE_LIMIT_STORE,
        DatabaseModule,
        JwtTokenVerifier,
        PasswordThrottle,
        EMAIL_SENDER,
        MailBudget,
      ],
    };
  }
}
