import { Module } from '@nestjs/common';
import { DiscoveryController } from './discovery.controller';

/** The authorization server's metadata documents (spec 4.13). */
@Module({ controllers: [DiscoveryController] })
export class DiscoveryModule {}
