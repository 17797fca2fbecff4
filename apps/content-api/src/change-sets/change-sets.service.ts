import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ApiError,
  ChangeSetErrorCode,
  CommonErrorCode,
  currentActor,
  errorEntry,
  formatB,
  settings,
} from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { isLanguageCode } from '@hc/content';
import type { Paging } from '@hc/http';
import { ArticlesRepository } from '../articles/articles.repository';
import { StagedRepository } from '../staged/staged.repository';
import { ChangeSetItemRow, ChangeSetRow, ChangeSetsRepository } from './change-sets.repository';
import {
  AddChangeSetItemsDto,
  CreateChangeSetDto,
  MAX_ITEMS,
  parseTime,
  PublishChangeSetDto,
} from './dto/change-set.dto';

/** Change-set errors carry `reason` (spec 7). */
export function changeSetError(
  reason: CommonErrorCode.NotFound | ChangeSetErrorCode,
  message: string,
): ApiError {
  return new ApiError(errorEntry(reason).status, { status: 'error', reason, message });
}

export function toChangeSetResponse(set: ChangeSetRow, items: ChangeSetItemRow[]) {
  const base = `${settings().apiBaseUrl}/change-sets/${set.id}`;
  return {
    id: set.id,
    name: set.name,
    status: set.status,
    publish_at: formatB(set.publishAt),
    published_at: formatB(set.publishedAt),
    force: set.forcePublish,
    items_count: items.length,
    items: items.map((i) => ({
      article_id: i.articleId,
      locale: i.locale,
      status: i.status,
      ...(i.reason ? { reason: i.reason } : {}),
    })),
    created_at: formatB(set.createdAt),
    updated_at: formatB(set.updatedAt),
    _links: {
      self: { method: 'GET', url: base },
      items: { method: 'POST', url: `${base}/items` },
      publish: { method: 'POST', url: `${base}/publish` },
    },
  };
}

const EDITABLE: ChangeSetRow['status'][] = ['open', 'scheduled'];
const asObject = (body: unknown) =>
  (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;

/** Change sets (API keys only): staged copies published together, now or at a time (spec 3.4, 4.4). */
@Injectable()
export class ChangeSetsService {
  constructor(
    private readonly sets: ChangeSetsRepository,
    private readonly staged: StagedRepository,
    private readonly articles: ArticlesRepository,
  ) {}

  async list(site: SiteContext, paging: Paging) {
    const { rows, total } = await this.sets.page(site.id, paging.offset, paging.perPage);
    const items = await this.sets.items(
      site.id,
      rows.map((r) => r.id),
    );
    return {
      change_sets: rows.map((r) => toChangeSetResponse(r, items.get(r.id) ?? [])),
      meta: {
        current_page: paging.page,
        last_page: Math.max(1, Math.ceil(total / paging.perPage)),
        total,
      },
    };
  }

  private async load(site: SiteContext, id: number) {
    const set = await this.sets.find(site.id, id);
    if (!set) throw changeSetError(CommonErrorCode.NotFound, 'Change set not found.');
    const items = await this.sets.items(site.id, [id]);
    return toChangeSetResponse(set, items.get(id) ?? []);
  }

  /**
   * The items of a change set that may still change, read in the caller's transaction with the
   * set locked: 404 when there is none, 409 once it is being published or was published.
   */
  private async editableItems(site: SiteContext, id: number, m: EntityManager) {
    const set = await this.sets.find(site.id, id, m, true);
    if (!set) throw changeSetError(CommonErrorCode.NotFound, 'Change set not found.');
    if (!EDITABLE.includes(set.status)) {
      throw changeSetError(
        ChangeSetErrorCode.NotOpen,
        'This change set is being published or was published; create a new one.',
      );
    }
    return (await this.sets.items(site.id, [id], m)).get(id) ?? [];
  }

  async get(site: SiteContext, id: number) {
    return { change_set: await this.load(site, id) };
  }

  async create(site: SiteContext, body: CreateChangeSetDto) {
    const name = body.name?.trim() || null;
    const id = await this.sets.transaction(async (m) => {
      const setId = await this.sets.insert(site.id, m, name, new Date());
      await writeAuditEvent(m, site, 'change_set.create', { type: 'change_set', id: setId });
      return setId;
    });
    return { change_set: await this.load(site, id) };
  }

  /**
   * Adds staged copies (`{article_id, locale}`); each item is accepted or rejected with its
   * `reason`; `status` is `partial` when any was rejected (spec 4.1 rule 6).
   */
  async addItems(site: SiteContext, id: number, body: AddChangeSetItemsDto) {
    const raw = body.items;
    const results = await this.sets.transaction(async (m) => {
      const held = await this.editableItems(site, id, m);
      const keys = new Set(held.map((i) => `${i.articleId}:${i.locale}`));
      const now = new Date();
      const out: {
        index: number;
        article_id: unknown;
        locale: unknown;
        status: 'added' | 'rejected';
        reason?: string;
      }[] = [];
      for (const [index, item] of raw.entries()) {
        const it = asObject(item);
        const articleId = it.article_id;
        const locale = it.locale;
        const reject = (reason: string) =>
          out.push({
            index,
            article_id: articleId ?? null,
            locale: locale ?? null,
            status: 'rejected',
            reason,
          });
        if (
          typeof articleId !== 'number' ||
          !Number.isInteger(articleId) ||
          articleId < 1 ||
          !isLanguageCode(locale)
        ) {
          reject('invalid_item');
          continue;
        }
        if (keys.has(`${articleId}:${locale}`)) {
          reject('already_in_change_set');
          continue;
        }
        if (keys.size >= MAX_ITEMS) {
          reject('change_set_full');
          continue;
        }
        if (!(await this.articles.exists(site.id, articleId))) {
          reject('article_not_found');
          continue;
        }
        if ((await this.staged.copies(site.id, articleId, { locale, m })).length === 0) {
          reject('not_staged');
          continue;
        }
        await this.sets.addItem(site.id, m, id, articleId, locale, now);
        keys.add(`${articleId}:${locale}`);
        out.push({ index, article_id: articleId, locale, status: 'added' });
      }
      if (out.some((r) => r.status === 'added')) {
        await this.sets.touch(site.id, m, id, now);
        await writeAuditEvent(m, site, 'change_set.add_items', { type: 'change_set', id });
      }
      return out;
    });
    return {
      status: results.some((r) => r.status === 'rejected')
        ? ('partial' as const)
        : ('success' as const),
      results,
      change_set: await this.load(site, id),
    };
  }

  /** 202 `queued`, or `scheduled` with a future `publish_at`; the worker publishes it. */
  async publish(site: SiteContext, id: number, body: PublishChangeSetDto) {
    const publishAt = body.publish_at ? parseTime(body.publish_at) : null;
    const now = new Date();
    const scheduled = publishAt !== null && publishAt.getTime() > now.getTime();
    await this.sets.transaction(async (m) => {
      const items = await this.editableItems(site, id, m);
      if (items.length === 0)
        throw changeSetError(
          ChangeSetErrorCode.Empty,
          'Add staged changes to the change set before publishing it.',
        );
      await this.sets.update(
        site.id,
        m,
        id,
        {
          status: scheduled ? 'scheduled' : 'queued',
          publishAt: scheduled ? publishAt : null,
          forcePublish: body.force === true,
          publishActor: currentActor(),
        },
        now,
      );
      await writeAuditEvent(m, site, 'change_set.publish', { type: 'change_set', id });
    });
    const changeSet = await this.load(site, id);
    return {
      status: scheduled ? ('scheduled' as const) : ('queued' as const),
      ...(scheduled ? { publish_at: changeSet.publish_at } : {}),
      change_set: changeSet,
    };
  }
}
