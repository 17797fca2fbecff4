import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { apiError, DesignErrorCode } from '@hc/contracts';
import { writeAuditEvent } from '@hc/events';
import type { SiteContext } from '@hc/auth';
import { sameDesign } from '@hc/design';
import type { DesignDocument, Translations } from '@hc/design';
import { buildDocument } from '../themes/apply';
import { DEFAULT_THEME_KEY, findTheme } from '../themes/themes';
import { etagOf, sameEtag } from './template.mapper';
import { TemplateRepository, VersionRow } from './template.repository';

export interface DesignState {
  draft: VersionRow;
  live: VersionRow | null;
}

export interface DraftChange {
  document: DesignDocument;
  translations: Translations;
  presetKey: string;
}

/**
 * The draft's lifecycle of spec 3.3: a site's first design access creates its live design (the
 * default theme named after the site) and a draft started from it; writes run under the site's
 * design lock, check the etag, and save only when something changed.
 */
@Injectable()
export class DraftStore {
  constructor(private readonly repo: TemplateRepository) {}

  /** The draft and live version, starting a draft if none exists (spec 3.3 last-but-one row). */
  async read(site: SiteContext): Promise<DesignState> {
    const p = await this.repo.pointers(site.id);
    if (p?.draftVersionId && p.liveVersionId) {
      const [draft, live] = await Promise.all([
        this.repo.find(site.id, p.draftVersionId),
        this.repo.find(site.id, p.liveVersionId),
      ]);
      if (draft && live) return { draft, live };
    }
    return this.transaction(site, async (_m, state) => state);
  }

  /**
   * Runs `work` in a transaction holding the site's design lock, with the state loaded (created
   * on first access). The lock row is created outside the transaction first, so two first
   * accesses never deadlock on it.
   */
  async transaction<T>(
    site: SiteContext,
    work: (m: EntityManager, state: DesignState) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.repo.transaction(async (m) => work(m, await this.locked(m, site)));
    } catch (err) {
      if (!(err instanceof MissingDesignRow)) throw err;
    }
    await this.repo.ensureSiteRow(site.id);
    return this.repo.transaction(async (m) => work(m, await this.locked(m, site)));
  }

  /** Loads the state under the site's lock, creating what is missing. */
  private async locked(m: EntityManager, site: SiteContext): Promise<DesignState> {
    const p = await this.repo.lock(site.id, m);
    if (!p) throw new MissingDesignRow();
    let live = p.liveVersionId ? await this.repo.find(site.id, p.liveVersionId, m) : null;
    if (!live) {
      const theme = findTheme(DEFAULT_THEME_KEY)!;
      const id = await this.repo.insert(site.id, m, {
        status: 'published',
        document: buildDocument(theme, site.name),
        translations: {},
        presetKey: theme.key,
        publishedAt: new Date(),
      });
      live = (await this.repo.find(site.id, id, m))!;
    }
    let draft = p.draftVersionId ? await this.repo.find(site.id, p.draftVersionId, m) : null;
    if (!draft) {
      const id = await this.repo.insert(site.id, m, {
        status: 'draft',
        document: live.document,
        translations: live.translations,
        presetKey: live.presetKey,
      });
      draft = (await this.repo.find(site.id, id, m))!;
    }
    if (p.draftVersionId !== draft.id || p.liveVersionId !== live.id) {
      await this.repo.setPointers(site.id, m, { draftVersionId: draft.id, liveVersionId: live.id });
    }
    return { draft, live };
  }

  /** spec 4.12 concurrency: a stale etag changes nothing and answers 412 with the current one. */
  checkEtag(etag: string | undefined, draft: VersionRow): void {
    if (etag !== undefined && !sameEtag(etag, draft)) {
      throw apiError(
        DesignErrorCode.StaleDraft,
        'The draft has changed since this etag was read (another write, an editor save or a publish). Read the template again.',
        {
          etag: etagOf(draft),
        },
      );
    }
  }

  /**
   * Runs one write: lock, etag check, `change` computes the new draft (or null for no change),
   * record it in the audit log, save; returns the state after.
   */
  async write<T>(
    site: SiteContext,
    etag: string | undefined,
    /** Issue 24: how the write is recorded in the audit log (target: the draft). */
    action: string,
    change: (
      state: DesignState,
      m: EntityManager,
    ) => Promise<{ next: DraftChange | null; extra: T }>,
  ): Promise<DesignState & { extra: T }> {
    return this.transaction(site, async (m, state) => {
      this.checkEtag(etag, state.draft);
      const { next, extra } = await change(state, m);
      await writeAuditEvent(m, site, action, { type: 'template', id: state.draft.id });
      if (next && !sameContent(state.draft, next)) {
        await this.repo.saveDraft(site.id, m, state.draft.id, next);
        state.draft = (await this.repo.find(site.id, state.draft.id, m))!;
      }
      return { ...state, extra };
    });
  }
}

class MissingDesignRow extends Error {}

function sameContent(draft: VersionRow, next: DraftChange): boolean {
  return (
    draft.presetKey === next.presetKey &&
    sameDesign(draft.document, next.document) &&
    sameDesign(draft.translations, next.translations)
  );
}
