import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import { DryRunner } from '@hc/data';
import { apiError, DesignErrorCode, notFound } from '@hc/contracts';
import type { RequestContext, SiteContext } from '@hc/auth';
import { pruneTranslations } from '../document/translations';
import { divergedRegions } from '../document/tree';
import { clone } from '@hc/design';
import { BatchError, runBatch } from '../operations/batch';
import { applyTheme, THEME_SECTIONS } from '../themes/apply';
import { ThemeDef } from '../themes/themes';
import { DraftStore } from './draft.store';
import { hasUnpublishedChanges, toTemplateResponse, toVersionResponse } from './template.mapper';
import { TemplateRepository } from './template.repository';
import {
  ApplyThemeDto,
  DesignWriteDto,
  PatchDraftDto,
  PublishDesignDto,
} from './dto/design-write.dto';

/** `etag` (optional on every design write; null reads as absent). */
const etagOf = (body: DesignWriteDto) => body.etag ?? undefined;

/** The five design writes of spec 4.12 (each counts toward 120 writes a minute: non-GET). */
/** 404 `version_not_found` (spec 7); also the answer for a path segment that is no id. */
export const designVersionNotFound = () =>
  notFound('Design version not found.', DesignErrorCode.VersionNotFound);

@Injectable()
export class DesignWriteService {
  constructor(
    private readonly store: DraftStore,
    private readonly repo: TemplateRepository,
    private readonly dryRunner: DryRunner,
  ) {}

  /**
   * A dry run (issue 25) applies the batch inside a transaction that is rolled back: the same
   * answer (results, the template as it would be, warnings, or the same refusal), nothing saved.
   * A design never opened is started first, as any read of it does (spec 3.3), so the ids shown
   * are real ones.
   */
  async patch(site: SiteContext, body: PatchDraftDto, dryRun = false) {
    if (!dryRun) return this.applyBatch(site, body);
    await this.store.read(site);
    return { ...(await this.dryRunner.run(() => this.applyBatch(site, body))), dry_run: true };
  }

  private async applyBatch(site: SiteContext, body: PatchDraftDto) {
    const operations = body.operations;
    const etag = etagOf(body);
    const state = await this.store.write(site, etag, 'design.update', async ({ draft }) => {
      try {
        const outcome = runBatch(draft.document, draft.translations, operations);
        return {
          next: {
            document: outcome.doc,
            translations: outcome.translations,
            presetKey: draft.presetKey,
          },
          extra: outcome,
        };
      } catch (err) {
        if (err instanceof BatchError) {
          throw apiError(
            DesignErrorCode.TemplateInvalid,
            'The batch could not be applied; nothing was saved.',
            { errors: err.errors },
          );
        }
        throw err;
      }
    });
    return {
      results: state.extra.results,
      template: toTemplateResponse(site, state.draft, state.live),
      warnings: state.extra.warnings,
    };
  }

  async applyTheme(site: SiteContext, theme: ThemeDef, body: ApplyThemeDto) {
    // Apply `sections`: default every section; only the listed names, in the canonical order.
    const listed = body.sections;
    const sections = listed
      ? THEME_SECTIONS.filter((s) => listed.includes(s))
      : [...THEME_SECTIONS];
    const etag = etagOf(body);
    const state = await this.store.write(site, etag, 'design.apply_theme', async ({ draft }) => {
      const doc = clone(draft.document);
      const warnings = applyTheme(doc, theme, sections);
      const before = new Set(divergedRegions(draft.document));
      const diverged = divergedRegions(doc).filter((r) => !before.has(r));
      if (diverged.length) {
        warnings.push(
          `The synced region(s) ${diverged.join(', ')} now differ between pages (syncedButDiverged); edits there need sync_region first.`,
        );
      }
      if (
        doc.pages.home.regions.hero.components.some(
          (c) =>
            c.type === 'Hero' &&
            c.config.background === 'image' &&
            (c.config.backgroundImageAssetId ?? null) === null,
        )
      ) {
        warnings.push(
          'The home page Hero has an image background but no image yet (config.backgroundImageAssetId).',
        );
      }
      return {
        next: {
          document: doc,
          translations: pruneTranslations(doc, draft.translations),
          presetKey: theme.key,
        },
        extra: warnings,
      };
    });
    return {
      template: toTemplateResponse(site, state.draft, state.live),
      theme: theme.key,
      applied_sections: sections,
      warnings: state.extra,
    };
  }

  async discard(site: SiteContext, body: DesignWriteDto) {
    const etag = etagOf(body);
    const state = await this.store.write(site, etag, 'design.discard', async ({ draft, live }) => {
      const changed = hasUnpublishedChanges(draft, live);
      // spec 3.3: id kept, preset_key kept.
      return {
        next: live
          ? { document: live.document, translations: live.translations, presetKey: draft.presetKey }
          : null,
        extra: changed,
      };
    });
    return {
      template: toTemplateResponse(site, state.draft, state.live),
      discarded: state.extra,
    };
  }

  async publish(site: SiteContext, ctx: RequestContext, body: PublishDesignDto) {
    const message = body.message ?? null;
    const etag = etagOf(body);
    const result = await this.store.transaction(site, async (m, { draft, live }) => {
      this.store.checkEtag(etag, draft);
      if (!hasUnpublishedChanges(draft, live)) {
        throw apiError(
          DesignErrorCode.NothingToPublish,
          'The draft is equal to the live design; there is nothing to publish.',
        );
      }
      // spec 3.3: the draft becomes live with its id; the previous live is archived; a new
      // draft with a new id and etag starts; brand.name becomes the site name.
      await this.repo.markPublished(site.id, m, draft.id, message, ctx.principal.userId);
      // Issue 24: recorded in the publish's transaction.
      await writeAuditEvent(m, site, 'design.publish', { type: 'template', id: draft.id });
      if (live) await this.repo.archive(site.id, m, live.id);
      const nextId = await this.repo.insert(site.id, m, {
        status: 'draft',
        document: draft.document,
        translations: draft.translations,
        presetKey: draft.presetKey,
      });
      await this.repo.setPointers(site.id, m, { draftVersionId: nextId, liveVersionId: draft.id });
      await this.repo.renameSite(site.id, m, draft.document.brand.name);
      return {
        draft: (await this.repo.find(site.id, nextId, m))!,
        live: (await this.repo.find(site.id, draft.id, m))!,
      };
    });
    const renamed = { ...site, name: result.live.document.brand.name };
    return {
      template: toTemplateResponse(renamed, result.draft, result.live),
      version: toVersionResponse(result.live),
    };
  }

  async restore(site: SiteContext, id: number, body: DesignWriteDto) {
    const etag = etagOf(body);
    const state = await this.store.write(site, etag, 'design.restore', async ({ draft }, m) => {
      const version = await this.repo.findVersion(site.id, id, m);
      if (!version) throw designVersionNotFound();
      // spec 4.12: the version with its translated texts replaces the draft (not live).
      return {
        next: {
          document: version.document,
          translations: version.translations,
          presetKey: version.presetKey,
        },
        extra: { version, unchanged: hasUnpublishedChanges(draft, version) === false },
      };
    });
    return {
      template: toTemplateResponse(site, state.draft, state.live),
      restored_version: toVersionResponse(state.extra.version),
      warnings: state.extra.unchanged
        ? ['The draft already equals this version; nothing changed.']
        : [],
    };
  }
}
