import { Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiError, runAsActor, StagingErrorCode, trustSiteId } from '@hc/contracts';
import { PollingWorker, scrapedGauge } from '@hc/http';
import { StagedPublisher } from '../staged/staged-publisher';
import { ChangeSetRow, ChangeSetsRepository } from './change-sets.repository';

const POLL_MS = 1_000;

/** Why an item could not be published, from the publish refusal (spec 4.5) it met. */
function reasonOf(err: unknown): string {
  if (err instanceof ApiError) {
    const code = String(err.body.code ?? '');
    if (code === StagingErrorCode.NoStagedChanges) return 'not_staged';
    if (err.status === 404) return 'article_not_found';
    if (code) return code.toLowerCase();
  }
  return 'publish_failed';
}

/**
 * Publishes queued change sets, and scheduled ones when their time comes, through the same
 * publish logic as POST /articles/{id}/staged/publish, one item at a time. Claims use SKIP
 * LOCKED, so several replicas can run it.
 */
@Injectable()
export class ChangeSetsWorker extends PollingWorker {
  protected readonly logger = new Logger('publishing change sets');
  protected readonly pollMs = POLL_MS;

  constructor(
    private readonly sets: ChangeSetsRepository,
    private readonly publisher: StagedPublisher,
    @Optional() adapterHost?: HttpAdapterHost,
  ) {
    super(adapterHost);
  }

  onModuleInit(): void {
    scrapedGauge('hc_change_set_queue_depth', 'Change sets waiting to be published', () =>
      this.sets.queueDepth(),
    );
  }

  /** Publishes every due set; returns how many were handled. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const set = await this.sets.claimDueAcrossSites(new Date());
      if (!set) return handled;
      await this.publishSet(set);
      handled += 1;
      if (this.stopped) return handled;
    }
  }

  private async publishSet(set: ChangeSetRow): Promise<void> {
    // The worker owns the claimed row: its site is this run's scope (issue 22).
    const siteId = trustSiteId(set.siteId);
    const site = await this.sets.site(siteId);
    const items = (await this.sets.items(siteId, [set.id])).get(set.id) ?? [];
    for (const item of items.filter((i) => i.status === 'pending')) {
      if (!site) {
        await this.sets.setItemResult(siteId, item.id, 'failed', 'site_unavailable');
        continue;
      }
      try {
        const publish = () =>
          this.publisher.publish(site, item.articleId, {
            locale: item.locale,
            force: set.forcePublish,
          });
        // Issue 24: recorded as the write of whoever published the set.
        await (set.publishActor ? runAsActor(set.publishActor, publish) : publish());
        await this.sets.setItemResult(siteId, item.id, 'published', null);
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === 'publish_failed')
          this.logger.error(`change set ${set.id} item ${item.id}: ${String(err)}`);
        await this.sets.setItemResult(siteId, item.id, 'failed', reason);
      }
    }
    // Counted from the rows, so a set resumed after a crash counts the items done before it.
    const all = (await this.sets.items(siteId, [set.id])).get(set.id) ?? [];
    const ok = all.filter((i) => i.status === 'published').length;
    const failed = all.filter((i) => i.status === 'failed').length;
    const status = failed === 0 ? 'published' : ok === 0 ? 'failed' : 'partial';
    await this.sets.finish(siteId, set.id, status, new Date());
  }
}
