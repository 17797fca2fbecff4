import { Module } from '@nestjs/common';
import { checkHost } from '@hc/net';
import { DeliveryLogRepository } from './delivery-log.repository';
import { DeliveryLogService } from './delivery-log.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { HOST_CHECK, WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhooksService,
    DeliveryLogRepository,
    DeliveryLogService,
    { provide: HOST_CHECK, useValue: checkHost },
  ],
})
export class WebhooksModule {}
