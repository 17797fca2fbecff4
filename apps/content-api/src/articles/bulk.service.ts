import { Injectable, Logger } from '@nestjs/common';
import { messages, validationError } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { ArticleFailure, ArticleInputError, readArticleInput } from './article-input';
import { toArticleResponse } from './article.mapper';
import { ArticlesService } from './articles.service';

/** Spec 8: articles per bulk request. */
export const BULK_MAX = 50;
/** The body key holding the items (decisions.md). */
export const BULK_KEY = 'articles';

type BulkCode =
  'invalid_item' | 'validation_error' | 'invalid_argument' | 'external_id_busy' | 'persist_failed';

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

  constructor(private readonly articles: ArticlesService) {}

  async run(site: SiteContext, actorId: number, body: unknown) {
    const items =
      body && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)[BULK_KEY]
        : undefined;
    if (items === undefined || items === null)
      throw validationError({ [BULK_KEY]: [messages.required(BULK_KEY)] });
    if (!Array.isArray(items)) throw validationError({ [BULK_KEY]: [messages.array(BULK_KEY)] });
    if (items.length === 0) throw validationError({ [BULK_KEY]: [messages.required(BULK_KEY)] });
    if (items.length > BULK_MAX)
      throw validationError({ [BULK_KEY]: [messages.maxItems(BULK_KEY, BULK_MAX)] });

    const results: object[] = [];
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
        const r = await this.articles.createOrUpsert(site, actorId, input, { bulk: true });
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
    return { status: 'success', results, meta };
  }
}
