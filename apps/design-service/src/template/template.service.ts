import { Injectable } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import {
  componentsGuide,
  cssGuide,
  navigationGuide,
  overviewGuide,
  scriptsGuide,
  settingsGuide,
  themeGuide,
} from '../catalog/schema-guide';
import { buildOutline } from '../document/outline';
import { toThemeDetail, toThemeListItem } from '../themes/theme-views';
import { findTheme, THEMES } from '../themes/themes';
import { draftSection } from './draft-sections';
import { DraftStore } from './draft.store';
import { etagOf, toTemplateResponse, toVersionListItem } from './template.mapper';
import { TemplateRepository } from './template.repository';
import { schemaTypes } from './dto/template-query.dto';
import type { DraftQuery, SchemaQuery } from './dto/template-query.dto';

/** spec 4.12: live version plus up to 49 earlier. */
export const VERSIONS_LISTED = 50;

/** The design reads of spec 4.12. */
@Injectable()
export class TemplateService {
  constructor(
    private readonly store: DraftStore,
    private readonly repo: TemplateRepository,
  ) {}

  async template(site: SiteContext) {
    const { draft, live } = await this.store.read(site);
    return {
      template: toTemplateResponse(site, draft, live),
      outline: buildOutline(draft.document),
    };
  }

  async draft(site: SiteContext, query: DraftQuery) {
    const { draft } = await this.store.read(site);
    const { section, data } = draftSection(draft.document, draft.translations, query);
    return { section, etag: etagOf(draft), data };
  }

  schema(query: SchemaQuery) {
    const topic = query.topic ?? 'overview';
    let schema: unknown;
    switch (topic) {
      case 'overview':
        schema = overviewGuide();
        break;
      case 'components':
        schema = componentsGuide(query.types === undefined ? undefined : schemaTypes(query.types));
        break;
      case 'settings':
        schema = settingsGuide();
        break;
      case 'theme':
        schema = themeGuide();
        break;
      case 'css':
        schema = cssGuide();
        break;
      case 'scripts':
        schema = scriptsGuide();
        break;
      case 'navigation':
        schema = navigationGuide();
        break;
    }
    return { topic, schema };
  }

  async themes(site: SiteContext) {
    const { draft } = await this.store.read(site);
    const themes = THEMES.map((t) => toThemeListItem(t, draft.presetKey));
    return { themes }; // spec 4.2: no `meta`
  }

  async theme(site: SiteContext, key: string) {
    const theme = findTheme(key);
    if (!theme) throw notFound('Theme not found.');
    const { draft } = await this.store.read(site);
    return { theme: toThemeDetail(theme, draft.presetKey, draft.document) };
  }

  async versions(site: SiteContext) {
    await this.store.read(site);
    const rows = await this.repo.list(site.id, VERSIONS_LISTED);
    return { versions: rows.map(toVersionListItem) }; // spec 4.2: no `meta`
  }
}
