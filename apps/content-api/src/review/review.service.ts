import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { writeAuditEvent } from '@hc/events';
import {
  apiError,
  ContentErrorCode,
  currentActor,
  fieldError,
  formatB,
  notFound,
  settings,
} from '@hc/contracts';
import type { RequestContext, SiteContext } from '@hc/auth';
import { pageMeta } from '@hc/http';
import type { Paging } from '@hc/http';
import { ArticlesRepository } from '../articles/articles.repository';
import { ChangeSetsRepository } from '../change-sets/change-sets.repository';
import { CommentEmailsRepository } from '../comments/comment-emails.repository';
import { StagedRepository } from '../staged/staged.repository';
import { parseTime } from '../change-sets/dto/change-set.dto';
import type { NewReviewDto, ReviewsQuery } from './dto/review.dto';
import { ReviewClock } from './review-clock';
import {
  PUBLISHING_ROLES,
  ReviewPerson,
  ReviewRepository,
  ReviewRow,
  ReviewStatus,
} from './review.repository';

export const REVIEW_NOT_FOUND = 'Review not found.';
export const REVIEW_REQUIRED =
  'This site requires an approved review before publishing. Ask a reviewer to approve these changes first.';
export const APPROVAL_STALE =
  'These changes were edited after they were approved. Ask for review again before publishing.';
export const OWN_REQUEST = 'You cannot approve or send back your own request.';
export const NOT_THE_REVIEWER =
  'Only the reviewer named in the request, an Owner or an Admin can decide it.';
export const REVIEWER_INVALID =
  'The reviewer must be a member of this site who can publish (Owner, Admin or Editor).';
export const NOTHING_TO_REVIEW =
  'This article has nothing to review: it is published and has no staged changes.';
/** Review emails a recipient gets at most per hour (any site), like note mentions. */
export const REVIEW_MAILS_PER_HOUR = 20;

const ADMINS = ['owner', 'admin'];
const person = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' };

export function toReviewResponse(r: ReviewRow) {
  return {
    id: r.id,
    subject: r.subject,
    article: r.articleId === null ? null : { id: r.articleId, title: r.articleTitle ?? '' },
    change_set_id: r.changeSetId,
    requester: { id: r.requesterId, name: r.requesterName ?? '' },
    reviewer: { id: r.reviewerId, name: r.reviewerName ?? '' },
    message: r.message,
    status: r.status,
    decided_by: person(r.decidedBy, r.decidedByName),
    decided_at: formatB(r.decidedAt),
    comment: r.comment,
    publish_at: formatB(r.publishAt),
    published_at: formatB(r.publishedAt),
    failure: r.failure,
    created_at: formatB(r.createdAt) as string,
    updated_at: formatB(r.updatedAt) as string,
  };
}
export type ReviewResponse = ReturnType<typeof toReviewResponse>;

/**
 * Review before publishing (issue 39 item 7): requests naming a reviewer, their decisions and
 * schedules, the site's requirement, and what an approval covers (its signature).
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly articles: ArticlesRepository,
    private readonly staged: StagedRepository,
    private readonly sets: ChangeSetsRepository,
    private readonly emails: CommentEmailsRepository,
    private readonly clock: ReviewClock,
  ) {}

  /**
   * What an approval covers: the staged copies (their etags change with every staged write), or
   * the draft's revision; null when the article has nothing to review (gone, or published with
   * nothing staged).
   */
  async signature(site: SiteContext, articleId: number, m?: EntityManager) {
    const view = await this.articles.loadOne(site.id, articleId, m);
    if (!view || view.deletedAt) return null;
    const copies = await this.staged.copies(site.id, articleId, { m });
    if (copies.length > 0) {
      const shared = await this.staged.shared(site.id, articleId, m);
      const etags = copies.map((c) => `${c.locale}=${c.etag}`).sort();
      const hash = createHash('sha256')
        .update(`${etags.join(',')};${shared?.etag ?? ''}`)
        .digest('hex');
      return `staged:${hash}`;
    }
    return view.published ? null : `draft:${view.revision}`;
  }

  private async load(site: SiteContext, id: number, m?: EntityManager, lock = false) {
    const row = await this.reviews.find(site.id, id, m, lock);
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    return row;
  }

  async get(site: SiteContext, id: number) {
    return { review: toReviewResponse(await this.load(site, id)) };
  }

  async list(site: SiteContext, ctx: RequestContext, query: ReviewsQuery, paging: Paging) {
    const me = ctx.principal.userId;
    const filter =
      query.list === 'waiting'
        ? { reviewerId: me, statuses: ['pending'] as ReviewStatus[] }
        : query.list === 'mine'
          ? { requesterId: me }
          : {};
    const { rows, total } = await this.reviews.page(
      site.id,
      { ...filter, articleId: query.article_id },
      paging.offset,
      paging.perPage,
    );
    return { reviews: rows.map(toReviewResponse), meta: pageMeta(paging, total) };
  }

  async reviewers(site: SiteContext) {
    const people = await this.reviews.reviewers(site.id);
    return { reviewers: people.map((p) => ({ id: p.id, name: p.name, role: p.role })) };
  }

  /** POST /reviews: supersedes the open requests on the same article or change set. */
  async request(site: SiteContext, ctx: RequestContext, body: NewReviewDto) {
    const articleId = body.article_id ?? null;
    const changeSetId = body.change_set_id ?? null;
    if ((articleId === null) === (changeSetId === null))
      throw fieldError('article_id', 'Name an article or a change set, not both.');
    if (articleId !== null) {
      const view = await this.articles.loadOne(site.id, articleId);
      if (!view || view.deletedAt) throw notFound('Article not found.');
      if ((await this.signature(site, articleId)) === null)
        throw fieldError('article_id', NOTHING_TO_REVIEW);
    } else if (!(await this.sets.find(site.id, changeSetId as number))) {
      throw notFound('Change set not found.');
    }
    const me = ctx.principal.userId;
    if (body.reviewer_id === me)
      throw fieldError('reviewer_id', 'Name someone else: nobody reviews their own changes.');
    const reviewer = await this.reviews.member(site.id, body.reviewer_id);
    if (!reviewer || !PUBLISHING_ROLES.includes(reviewer.role))
      throw fieldError('reviewer_id', REVIEWER_INVALID);
    const now = this.clock.now();
    const id = await this.reviews.transaction(async (m) => {
      const subject = { articleId, changeSetId };
      await this.reviews.supersede(site.id, m, subject, now);
      const newId = await this.reviews.insert(
        site.id,
        m,
        {
          ...subject,
          subject: articleId !== null ? 'article' : 'change_set',
          requesterId: me,
          reviewerId: reviewer.id,
          message: body.message ?? null,
        },
        now,
      );
      await writeAuditEvent(m, site, 'review.request', { type: 'review', id: newId }, now);
      const row = await this.load(site, newId, m);
      await this.mail(site, m, row, reviewer, 'request', now);
      return newId;
    });
    return { review: toReviewResponse(await this.load(site, id)) };
  }

  /** Approve or send back: the named reviewer, an Owner or an Admin; never the requester. */
  async decide(
    site: SiteContext,
    ctx: RequestContext,
    id: number,
    decision: 'approve' | 'send_back',
    comment: string | null,
  ) {
    const me = ctx.principal.userId;
    const now = this.clock.now();
    await this.reviews.transaction(async (m) => {
      const row = await this.load(site, id, m, true);
      if (row.requesterId === me) throw apiError(ContentErrorCode.ReviewForbidden, OWN_REQUEST);
      if (row.reviewerId !== me && !ADMINS.includes(ctx.principal.role ?? ''))
        throw apiError(ContentErrorCode.ReviewForbidden, NOT_THE_REVIEWER);
      if (row.status !== 'pending')
        throw apiError(ContentErrorCode.ReviewClosed, 'This review was already decided.');
      let signature: string | null = null;
      if (decision === 'approve' && row.articleId !== null) {
        signature = await this.signature(site, row.articleId, m);
        if (signature === null)
          throw apiError(
            ContentErrorCode.ReviewClosed,
            'Nothing is left to approve: the changes were published or discarded.',
          );
      }
      await this.reviews.update(
        site.id,
        m,
        id,
        {
          status: decision === 'approve' ? 'approved' : 'sent_back',
          decidedBy: me,
          decidedAt: now,
          comment,
          approvedSignature: signature,
        },
        now,
      );
      await writeAuditEvent(m, site, `review.${decision}`, { type: 'review', id }, now);
      const requester = await this.reviews.member(site.id, row.requesterId, m);
      if (requester) await this.mail(site, m, row, requester, decision, now);
    });
    return { review: toReviewResponse(await this.load(site, id)) };
  }

  /** An approved article change gets a publish time (null: back to approved, unscheduled). */
  async schedule(site: SiteContext, ctx: RequestContext, id: number, at: string | null) {
    const me = ctx.principal.userId;
    const now = this.clock.now();
    const publishAt = at === null ? null : parseTime(at);
    await this.reviews.transaction(async (m) => {
      const row = await this.load(site, id, m, true);
      if (
        ![row.requesterId, row.reviewerId].includes(me) &&
        !ADMINS.includes(ctx.principal.role ?? '')
      )
        throw apiError(
          ContentErrorCode.ReviewForbidden,
          'Only the person who asked, the reviewer, an Owner or an Admin can schedule it.',
        );
      if (row.articleId === null)
        throw fieldError(
          'publish_at',
          'A change set is scheduled through the API (POST /change-sets/{id}/publish with publish_at).',
        );
      if (row.status !== 'approved' && row.status !== 'scheduled')
        throw apiError(ContentErrorCode.ReviewClosed, 'Only an approved review can be scheduled.');
      if (publishAt !== null && publishAt.getTime() <= now.getTime())
        throw fieldError('publish_at', 'The publish time must be in the future.');
      if ((await this.signature(site, row.articleId, m)) !== row.approvedSignature)
        throw apiError(ContentErrorCode.ReviewClosed, APPROVAL_STALE);
      await this.reviews.update(
        site.id,
        m,
        id,
        {
          status: publishAt ? 'scheduled' : 'approved',
          publishAt,
          // Issue 24: the scheduled publish is recorded as the write of whoever scheduled it.
          publishActor: publishAt ? currentActor() : null,
        },
        now,
      );
      await writeAuditEvent(m, site, 'review.schedule', { type: 'review', id }, now);
    });
    return { review: toReviewResponse(await this.load(site, id)) };
  }

  async requirement(site: SiteContext) {
    return { settings: { require_approval: await this.reviews.requireApproval(site.id) } };
  }

  async setRequirement(site: SiteContext, value: boolean) {
    const now = this.clock.now();
    await this.reviews.transaction(async (m) => {
      await this.reviews.setRequireApproval(site.id, m, value, now);
      await writeAuditEvent(m, site, 'review.settings', { type: 'site', id: site.id }, now);
    });
    return this.requirement(site);
  }

  /**
   * Whether a person's dashboard publish needs an approval (issue 39): a dashboard session of
   * someone other than an Owner or Admin on a site that requires review. Keys and tokens keep
   * the spec's rules.
   */
  async gateApplies(site: SiteContext, ctx: RequestContext): Promise<boolean> {
    if (ctx.credential.kind !== 'dashboard' || ADMINS.includes(ctx.principal.role ?? ''))
      return false;
    return this.reviews.requireApproval(site.id);
  }

  /**
   * The approvals a gated publish of these articles uses: each article needs one whose
   * signature is still the article's, else 403 `review_required`.
   */
  async approvalsFor(site: SiteContext, articleIds: number[]): Promise<number[]> {
    const approvals = await this.reviews.approvedFor(site.id, articleIds);
    const used: number[] = [];
    for (const articleId of articleIds) {
      const mine = approvals.filter((a) => a.articleId === articleId);
      if (mine.length === 0) throw apiError(ContentErrorCode.ReviewRequired, REVIEW_REQUIRED);
      const signature = await this.signature(site, articleId);
      const current = mine.find((a) => a.approvedSignature === signature);
      if (!current) throw apiError(ContentErrorCode.ReviewRequired, APPROVAL_STALE);
      used.push(current.id);
    }
    return used;
  }

  async markPublished(site: SiteContext, ids: number[]) {
    await this.reviews.markPublished(site.id, ids, this.clock.now());
  }

  /** The reviewer (or the requester, on a decision) hears by email, within a budget per hour. */
  private async mail(
    site: SiteContext,
    m: EntityManager,
    row: ReviewRow,
    to: ReviewPerson,
    what: 'request' | 'approve' | 'send_back',
    now: Date,
  ): Promise<void> {
    if ((await this.reviews.recentReviewMails(m, to.email, now)) >= REVIEW_MAILS_PER_HOUR) return;
    const what_ =
      row.articleId !== null ? `"${row.articleTitle ?? ''}"` : `change set ${row.changeSetId}`;
    const subjectLine = {
      request: `${row.requesterName ?? 'A team member'} asks for your review of ${what_}`,
      approve: `Your changes to ${what_} were approved`,
      send_back: `Your changes to ${what_} were sent back`,
    }[what].replace(/[\r\n]+/g, ' ');
    const link = `${settings().dashboardUrl}/app/sites/${site.id}/reviews`;
    await this.emails.enqueue(
      site.id,
      m,
      row.id,
      `review:${what}:${row.id}`.slice(0, 32),
      { name: to.name, email: to.email },
      subjectLine,
      `${subjectLine}.\n\nOpen the reviews: ${link}\n`,
    );
  }
}
