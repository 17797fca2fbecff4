import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import { ActivityBuffer } from '@hc/data';
import { ActivityRepository } from './activity.repository';
import { ContentRepository } from './content.repository';
import { DesignRepository } from './design.repository';
import { MemberSecondFactorRepository } from './member-second-factor.repository';
import { SiteDirectory } from './site-directory';
import { SiteRepository } from './site.repository';

/** What the reader site reads and records: sites by host, content, designs, reader activity. */
@Module({
  providers: [
    SiteRepository,
    SiteDirectory,
    ContentRepository,
    DesignRepository,
    ActivityRepository,
    MemberSecondFactorRepository,
    {
      // Views and searches, written in batches every second (issue #28, docs/caching.md).
      provide: ActivityBuffer,
      inject: [DataSource],
      useFactory: (ds: DataSource) => {
        const buffer = new ActivityBuffer(ds, settings().redisUrl);
        buffer.start();
        return buffer;
      },
    },
  ],
  exports: [
    SiteRepository,
    SiteDirectory,
    ContentRepository,
    DesignRepository,
    ActivityRepository,
    MemberSecondFactorRepository,
    ActivityBuffer,
  ],
})
export class DataModule {}
