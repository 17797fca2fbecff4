import { Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { writeAuditEvent } from '@hc/events';
import { ApiError, runAsActor, trustSiteId } from '@hc/contracts';
import type { AuditActor } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { PollingWorker } from '@hc/http';
import { ArticlesService } from '../articles/articles.service';
import { ChangeSetsRepository } from '../change-sets/change-sets.repository';
import { StagedPublisher } from '../staged/staged-publisher';
import { ReviewClock } from './review-clock';
import { ReviewRepository, ReviewRow } from './review.repository';
import { ReviewService } from './review.service';

const POLL_MS = 5_000;
/** The scheduler acts for whoever scheduled; a row from before actors were kept: the operator. */
const SCHEDULER: AuditActor = { kind: 'operator' };

/**
 * Publishes approved changes at their time (issue 39 item 7) through the same code as a
 * person's publish (StagedPublisher for staged copies, the article update for a draft), so
 * versions, events, the outbox and webhooks follow as they do then. Each due request is claimed
 * by one conditional update, so replicas running this loop side by side publish it once.
 */
@Injectable()
export class ReviewScheduler extends PollingWorker {
  protected readonly logger = new Logger('publishing scheduled reviews');
  protected readonly pollMs = POLL_MS;

  constructor(
    private readonly reviews: ReviewRepository,
    private readonly review: ReviewService,
    private readonly sites: ChangeSetsRepository,
    private readonly publisher: StagedPublisher,
    private readonly articles: ArticlesService,
    private readonly clock: ReviewClock,
    @Optional() adapterHost?: HttpAdapterHost,
  ) {
    super(adapterHost);
  }

  /** Publishes every request whose time has come; returns how many were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const row = await this.reviews.claimDueAcrossSites(this.clock.now());
      if (!row) return handled;
      await this.publishClaimed(row);
      handled += 1;
      if (this.stopped) return handled;
    }
  }

  private async publishClaimed(row: ReviewRow): Promise<void> {
    // The scheduler owns the claimed row: its site is this run's scope (issue 22).
    const siteId = trustSiteId(row.siteId);
    const site = await this.sites.site(siteId);
    let failure: string | null = site ? null : 'site_unavailable';
    if (site) {
      failure = await runAsActor(row.publishActor ?? SCHEDULER, () => this.publish(site, row));
    }
    const now = this.clock.now();
    await this.reviews.transaction(async (m) => {
      await this.reviews.update(
        siteId,
        m,
        row.id,
        failure
          ? { status: 'failed', failure }
          : { status: 'published', publishedAt: now, failure: null },
        now,
      );
      if (site)
        await runAsActor(row.publishActor ?? SCHEDULER, () =>
          writeAuditEvent(m, site, 'review.publish', { type: 'review', id: row.id }, now),
        );
    });
  }

  /** The publish itself; answers why it could not happen, or null. */
  private async publish(site: SiteContext, row: ReviewRow): Promise<string | null> {
    const articleId = row.articleId as number;
    try {
      const signature = await this.review.signature(site, articleId);
      // Edited (or published) since it was approved: what was approved no longer exists.
      if (signature === null || signature !== row.approvedSignature)
        return 'changed_since_approval';
      if (signature.startsWith('staged:')) {
        await this.publisher.publish(site, articleId, {});
      } else {
        await this.articles.update(
          site,
          articleId,
          { published: true, contentFormat: 'html', rehostImages: false },
          { keepMarkup: true, baseRevision: Number(signature.slice('draft:'.length)) },
        );
      }
      return null;
    } catch (err) {
      if (err instanceof ApiError) return String(err.body.code ?? 'publish_failed').toLowerCase();
      this.logger.error(`review ${row.id}: ${String(err)}`);
      return 'publish_failed';
    }
  }
}
