import { Module } from '@nestjs/common';
import { checkHost } from '@hc/net';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { HOST_CHECK, WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, { provide: HOST_CHECK, useValue: checkHost }],
})
export class WebhooksModule {}
