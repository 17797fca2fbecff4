import { Global, Module } from '@nestjs/common';
import { CredentialRepository } from './credential.repository';
import { CredentialGuard } from './credential.guard';

/** Credential resolution; apps register `CredentialGuard` as the first APP_GUARD (see @hc/http). */
@Global()
@Module({
  providers: [CredentialRepository, CredentialGuard],
  exports: [CredentialRepository, CredentialGuard],
})
export class AuthModule {}
