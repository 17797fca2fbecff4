import { Module } from '@nestjs/common';
import { AccountsRepository } from './accounts.repository';
import { ClientsService } from './clients.service';
import { ConnectionsRepository } from './connections.repository';
import { SecretsRepository } from './secrets.repository';
import { TokensRepository } from './tokens.repository';

/** Storage and clients, shared by the HTTP app and the operator CLI (no oidc-provider). */
@Module({
  providers: [
    TokensRepository,
    ClientsService,
    ConnectionsRepository,
    SecretsRepository,
    AccountsRepository,
  ],
  exports: [
    TokensRepository,
    ClientsService,
    ConnectionsRepository,
    SecretsRepository,
    AccountsRepository,
  ],
})
export class StorageModule {}
