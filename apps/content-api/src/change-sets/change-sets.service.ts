import { Injectable } from '@nestjs/common';
import {
  ApiError,
  ChangeSetErrorCode,
  CommonErrorCode,
  DEFAULT_VALIDATION_MESSAGE,
  errorEntry,
  FieldErrors,
  formatB,
  messages,
  settings,
} from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { isLanguageCode } from '@hc/content';
import { readPaging } from '@hc/http';
import { ArticlesRepository } from '../articles/articles.repository';
import { StagedRepository } from '../staged/staged.repository';
import { ChangeSetItemRow, ChangeSetRow, ChangeSetsRepository } from './change-sets.repository';

/** Items one change set holds at most, and per request. */
export const MAX_ITEMS = 100;
export const NAME_MAX = 191;

/** Change-set errors carry `reason` (spec 7). */
export function changeSetError(
  reason: CommonErrorCode.NotFound | ChangeSetErrorCode,
  message: string,
): ApiError {
  return new ApiError(errorEntry(reason).status, { status: 'error', reason, message });
}

function changeSetValidation(errors: FieldErrors): ApiError {
  return new ApiError(422, {
    status: 'validation_error',
    reason: CommonErrorCode.ValidationError,
    message: DEFAULT_VALIDATION_MESSAGE,
    errors,
  });
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

  async list(site: SiteContext, query: Record<string, unknown>) {
    const paging = readPaging(query, {
      defaultSize: 25,
      maxSize: 100,
      sizeParam: 'per_page',
      overMax: 'clamp',
    });
    const { rows, total } = await this.sets.page(site.id, paging.offset, paging.perPage);
    const items = await this.sets.items(
      site.id,
      rows.map((r) => r.id),
    );
    return {
      status: 'success',
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

  async get(site: SiteContext, id: number) {
    return { status: 'success', change_set: await this.load(site, id) };
  }

  async create(site: SiteContext, body: unknown) {
    const b = asObject(body);
    let name: string | null = null;
    if (b.name !== undefined && b.name !== null) {
      if (typeof b.name !== 'string')
        throw changeSetValidation({ name: [messages.string('name')] });
      if (Array.from(b.name).length > NAME_MAX)
        throw changeSetValidation({ name: [messages.maxString('name', NAME_MAX)] });
      name = b.name.trim() || null;
    }
    const id = await this.sets.insert(site.id, name, new Date());
    return { status: 'success', change_set: await this.load(site, id) };
  }

  /**
   * Adds staged copies (`{article_id, locale}`); each item is accepted or rejected with its
   * `reason`; `status` is `partial` when any was rejected (spec 4.1 rule 6).
   */
  async addItems(site: SiteContext, id: number, body: unknown) {
    const raw = asObject(body).items;
    if (!Array.isArray(raw) || raw.length === 0) {
      throw changeSetValidation({
        items: [Array.isArray(raw) ? messages.required('items') : messages.array('items')],
      });
    }
    if (raw.length > MAX_ITEMS)
      throw changeSetValidation({ items: [messages.maxItems('items', MAX_ITEMS)] });
    const results = await this.sets.transaction(async (m) => {
      const set = await this.sets.find(site.id, id, m, true);
      if (!set) throw changeSetError(CommonErrorCode.NotFound, 'Change set not found.');
      if (!EDITABLE.includes(set.status)) {
        throw changeSetError(
          ChangeSetErrorCode.NotOpen,
          'This change set is being published or was published; create a new one.',
        );
      }
      const held = (await this.sets.items(site.id, [id], m)).get(id) ?? [];
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
        await this.sets.addItem(m, site.id, id, articleId, locale, now);
        keys.add(`${articleId}:${locale}`);
        out.push({ index, article_id: articleId, locale, status: 'added' });
      }
      if (out.some((r) => r.status === 'added')) await this.sets.touch(m, site.id, id, now);
      return out;
    });
    return {
      status: results.some((r) => r.status === 'rejected') ? 'partial' : 'success',
      results,
      change_set: await this.load(site, id),
    };
  }

  /** 202 `queued`, or `scheduled` with a future `publish_at`; the worker publishes it. */
  async publish(site: SiteContext, id: number, body: unknown) {
    const b = asObject(body);
    let publishAt: Date | null = null;
    if (b.publish_at !== undefined && b.publish_at !== null) {
      publishAt = parseTime(b.publish_at);
      if (!publishAt) throw changeSetValidation({ publish_at: [messages.date('publish_at')] });
    }
    if (b.force !== undefined && b.force !== null && typeof b.force !== 'boolean') {
      throw changeSetValidation({ force: [messages.boolean('force')] });
    }
    const now = new Date();
    const scheduled = publishAt !== null && publishAt.getTime() > now.getTime();
    await this.sets.transaction(async (m) => {
      const set = await this.sets.find(site.id, id, m, true);
      if (!set) throw changeSetError(CommonErrorCode.NotFound, 'Change set not found.');
      if (!EDITABLE.includes(set.status)) {
        throw changeSetError(
          ChangeSetErrorCode.NotOpen,
          'This change set is being published or was published; create a new one.',
        );
      }
      const items = (await this.sets.items(site.id, [id], m)).get(id) ?? [];
      if (items.length === 0)
        throw changeSetError(
          ChangeSetErrorCode.Empty,
          'Add staged changes to the change set before publishing it.',
        );
      await this.sets.update(
        m,
        site.id,
        id,
        {
          status: scheduled ? 'scheduled' : 'queued',
          publishAt: scheduled ? publishAt : null,
          forcePublish: b.force === true,
        },
        now,
      );
    });
    const changeSet = await this.load(site, id);
    return {
      status: scheduled ? 'scheduled' : 'queued',
      ...(scheduled ? { publish_at: changeSet.publish_at } : {}),
      change_set: changeSet,
    };
  }
}

/** ISO 8601 date-time; without an offset it is read as UTC. */
function parseTime(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(Z|[+-]\d\d:?\d\d)?$/.exec(
    v.trim(),
  );
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`);
  return Number.isNaN(d.getTime()) ? null : d;
}
