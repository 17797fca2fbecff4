import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { messages } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { DryRunner } from '@hc/data';
import { ArticleFailure, ArticleInputError, readArticleInput } from './article-input';
import { ArticleResponse, toArticleResponse } from './article.mapper';
import { ArticlesService } from './articles.service';
import {
  IMAGE_REHOSTER,
  type ImageRehoster,
  type RehostSummary,
  type StagedImages,
} from './image-rehoster';

type BulkCode =
  'invalid_item' | 'validation_error' | 'invalid_argument' | 'external_id_busy' | 'persist_failed';

/** An article as a dry run shows it: what would be created has no id, hence no address yet. */
type BulkArticle = Omit<ArticleResponse, 'id' | '_links'> & {
  id: number | null;
  _links: { view: { method: string; url: string | null } };
};

type BulkResult =
  | {
      index: number;
      status: 'created' | 'updated';
      article: BulkArticle;
      images: RehostSummary | null;
    }
  | {
      index: number;
      status: 'error';
      external_id?: string;
      error: { code: BulkCode; message: string; errors?: Record<string, string[]> };
    };

function codeOf(f: ArticleFailure): BulkCode {
  switch (f.kind) {
    case 'invalid_argument':
      return 'invalid_argument';
    case 'external_id_busy':
      return 'external_id_busy';
    case 'blank_title': // a blank title cannot be stored (spec 2.3 rule 4)
    case 'persist_failed':
      return 'persist_failed';
    case 'title_required':
    case 'category':
    case 'fields':
      return 'validation_error';
  }
}

function describe(f: ArticleFailure): { message: string; errors?: Record<string, string[]> } {
  switch (f.kind) {
    case 'title_required':
      return {
        message: messages.required('title'),
        errors: { title: [messages.required('title')] },
      };
    case 'blank_title':
      return { message: 'The article could not be saved: its title is empty.' };
    case 'fields':
      return {
        message: Object.values(f.errors)[0]?.[0] ?? 'The item could not be accepted.',
        errors: f.errors,
      };
    case 'category':
      return { message: f.message, errors: { [f.field]: [f.message] } };
    case 'invalid_argument':
    case 'external_id_busy':
    case 'persist_failed':
      return { message: f.message };
  }
}

/** POST /articles/bulk: each item as a create (or upsert), one failure never stops the others. */
@Injectable()
export class BulkArticlesService {
  private readonly logger = new Logger('articles.bulk');

  constructor(
    private readonly articles: ArticlesService,
    private readonly dryRunner: DryRunner,
    @Optional() @Inject(IMAGE_REHOSTER) private readonly rehoster?: ImageRehoster,
  ) {}

  /**
   * `items` as checked by BulkArticlesDto (1 to 50). A dry run (issue 25) runs the same items
   * through the same writes inside a transaction that is rolled back: the answer is the real
   * one, with `article.id` (and the address made from it) null for what would be created
   * (also where a later item of the request would update it). Issue 34 item 6: the images the
   * items would copy (`rehost_images`) are downloaded first, before the transaction, which then
   * runs on the dry runs' own pool and copies from those downloads.
   */
  async run(site: SiteContext, actorId: number, items: unknown[], dryRun = false) {
    if (!dryRun) return this.runItems(site, actorId, items);
    const staged = await this.stageImages(site, items);
    const answer = await this.dryRunner.run(() => this.runItems(site, actorId, items, staged));
    // An article the dry run created (and a later item then updated) exists nowhere.
    const created = new Set(answer.results.map((r) => r.status === 'created' && r.article.id));
    for (const r of answer.results) {
      if (r.status !== 'error' && created.has(r.article.id)) {
        r.article.id = null;
        r.article._links.view.url = null;
      }
    }
    return { ...answer, dry_run: true as const };
  }

  /**
   * A dry run's image downloads, item by item, before its transaction: for each item that reads
   * as an article asking for `rehost_images`, what the write would download (the same content,
   * the same 25 images and 45 seconds an article). An item that then fails a check of the
   * database (a foreign category) has had its images downloaded for nothing; its answer is the
   * same. Every item gets its downloads, none for most, so nothing is fetched inside.
   */
  private async stageImages(
    site: SiteContext,
    items: unknown[],
  ): Promise<Map<number, StagedImages> | undefined> {
    if (!this.rehoster) return undefined;
    const staged = new Map<number, StagedImages>();
    for (const [index, item] of items.entries()) {
      let content: Record<string, string> | null = null;
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        try {
          content = this.articles.contentToRehost(readArticleInput(item, site, true));
        } catch {
          // Refused as the transaction will refuse it: nothing to download.
        }
      }
      staged.set(index, await this.rehoster.stage(content ?? {}));
    }
    return staged;
  }

  private async runItems(
    site: SiteContext,
    actorId: number,
    items: unknown[],
    staged?: Map<number, StagedImages>,
  ) {
    const results: BulkResult[] = [];
    const meta = { total: items.length, created: 0, updated: 0, failed: 0 };
    for (const [index, item] of items.entries()) {
      const externalId =
        item &&
        typeof item === 'object' &&
        typeof (item as Record<string, unknown>).external_id === 'string'
          ? ((item as Record<string, unknown>).external_id as string)
          : undefined;
      const error = (
        code: BulkCode,
        detail: { message: string; errors?: Record<string, string[]> },
      ) => {
        meta.failed += 1;
        results.push({
          index,
          status: 'error',
          ...(externalId !== undefined ? { external_id: externalId } : {}),
          error: { code, ...detail },
        });
      };
      if (!item || typeof item !== 'object' || Array.isArray(item)) {
        error('invalid_item', { message: 'Each item must be an article object.' });
        continue;
      }
      try {
        const input = readArticleInput(item, site, true);
        const write = () => this.articles.createOrUpsert(site, actorId, input, { bulk: true });
        const images = staged?.get(index);
        const r =
          images && this.rehoster ? await this.rehoster.replay(images, write) : await write();
        meta[r.action] += 1;
        results.push({
          index,
          status: r.action,
          article: toArticleResponse(r.view, site, { created: r.action === 'created' }),
          images: r.images,
        });
      } catch (err) {
        if (err instanceof ArticleInputError) {
          error(codeOf(err.failure), describe(err.failure));
        } else {
          this.logger.error(
            `bulk item ${index} on site ${site.id}: ${err instanceof Error ? err.stack : String(err)}`,
          );
          error('persist_failed', { message: 'The article could not be saved.' });
        }
      }
    }
    return { results, meta };
  }
}
