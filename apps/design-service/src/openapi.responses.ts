/**
 * The answers of every design-service operation in the OpenAPI document (issue 21): the
 * `template` object of spec 2.9, design versions and themes as component schemas, and per
 * operation id each status spec 4.12 names. The design document itself (`data`, `outline`) is
 * an open object: its parts are listed in spec 2.9 and read whole through GET /template/schema.
 * Merged into docs/openapi.json by `npm run openapi`; the e2e suite checks every answer.
 */
import type { ResponseTable, Schema } from '@hc/http';
// The schemas of values, then the answers made of them (libs/http/src/openapi-schema.ts).
import { any, arr, bool, formatB, id, int, map, nullable, obj, oneOfStr } from '@hc/http';
import { ref, str, strings, success } from '@hc/http';
import { fails, html, ok, refused, shared } from '@hc/http';

const version = obj({
  id,
  status: oneOfStr('published', 'archived'),
  live: bool,
  message: nullable(str),
  preset_key: nullable(str),
  published_at: formatB,
});
const palette = map(str);
const templateExample = {
  engine: 'v2',
  site: { id: 5, name: 'Acme Help', subdomain: 'acme' },
  draft: {
    id: 2,
    etag: '"d2-1"',
    updated_at: '2026-01-31T09:30:00+00:00',
    preset_key: 'classic',
    has_unpublished_changes: false,
  },
  published: {
    id: 1,
    status: 'published',
    live: true,
    message: null,
    preset_key: 'classic',
    published_at: '2026-01-31T09:30:00+00:00',
  },
  urls: {
    live_site: 'https://acme.example.com',
    customizer: 'https://app.example.com/app/sites/5/design',
    draft_preview: 'https://acme.example.com',
  },
};

export const DESIGN_SCHEMAS: Record<string, Schema> = {
  Template: {
    ...obj({
      engine: { const: 'v2' },
      site: obj({ id, name: str, subdomain: str }),
      draft: obj({
        id,
        etag: str,
        updated_at: formatB,
        preset_key: nullable(str),
        has_unpublished_changes: bool,
      }),
      published: nullable(ref('DesignVersion')),
      urls: obj({ live_site: str, customizer: str, draft_preview: str }),
    }),
    description: 'Spec 2.9 `template` object, returned by GET /template and every design write.',
    examples: [templateExample],
  },
  DesignVersion: { ...version, description: 'Spec 2.9 design version.' },
  DesignDocument: {
    type: 'object',
    description:
      'The design document of spec 2.9 (`brand`, `theme`, `meta`, `pages`, `syncedRegions`, ' +
      '`globals`, `customCssItems`, `customCss`, `schemaVersion`, `preset`); its settings are ' +
      'described by GET /template/schema.',
    additionalProperties: true,
  },
  Theme: obj(
    {
      key: str,
      name: str,
      tagline: str,
      summary: str,
      best_for: strings,
      colors: palette,
      dark_colors: palette,
      fonts: map(str),
      radius: map(str),
      density: str,
      preview_image: str,
      industry: str,
      current: bool,
      description: str,
      screenshots: arr(obj({ page: str, url: str, dark_url: str })),
      anatomy: map(obj({ layout: str, regions: map(arr(map())), synced_regions: strings })),
      changed_sections: strings,
      sections: strings,
    },
    ['industry', 'description', 'screenshots', 'anatomy', 'changed_sections', 'sections'],
  ),
};

const warnings = { ...strings, description: 'Allowed but doubtful changes (spec 4.12).' };
const write = (extra: Record<string, Schema>, optional: string[] = []) =>
  obj({ status: success, template: ref('Template'), ...extra }, optional);
const stale = shared(
  'StaleDraft',
  fails(
    '`stale_draft`: the draft changed since that etag; the body has the current `etag`.',
    'ErrorBody',
    {
      status: 'error',
      code: 'stale_draft',
      message: 'The draft has changed since this etag was read.',
      etag: '"d2-3"',
    },
  ),
);
const migration = fails(
  '`template_migration_required` (with `customizer_url`) on a site not on the template editor.',
);
const invalid = refused(
  '`template_invalid`: `errors` lists {operation, op, path, message}; a batch without operations or over 50 is `validation_error`.',
  {
    status: 'error',
    code: 'template_invalid',
    message: 'The batch could not be applied.',
    errors: [
      { operation: 0, op: 'set', path: 'brand.name', message: 'brand.name cannot be empty.' },
    ],
  },
);
const svg = (description: string) => ({
  description,
  content: { 'image/svg+xml': { schema: str } },
});

export const DESIGN_RESPONSES: ResponseTable = {
  TemplateController_template: {
    200: ok(
      'The design and an outline of the draft (starts a draft if none).',
      obj({ status: success, template: ref('Template'), outline: ref('DesignDocument') }),
    ),
    409: migration,
  },
  TemplateController_draft: {
    200: ok(
      'One section of the draft (`section` selects `data`).',
      obj({ status: success, section: str, etag: str, data: any }),
      {
        status: 'success',
        section: 'brand',
        etag: '"d2-1"',
        data: { name: 'Acme Help', tagline: 'Answers' },
      },
    ),
    404: fails('`component_not_found` or `not_found` (script or CSS block).'),
    409: migration,
    422: refused('Unknown `section` or a missing parameter.'),
  },
  TemplateController_patchDraft: {
    200: ok(
      'Every operation applied (all or nothing).',
      write(
        {
          results: arr({
            type: 'object',
            required: ['operation', 'op'],
            properties: { operation: int, op: str },
            additionalProperties: true,
            description:
              'One per operation: its position, `op` and outcome (new id, changed paths).',
          }),
          warnings,
          dry_run: { const: true, description: 'Only with `dry_run`: nothing was saved.' },
        },
        ['dry_run'],
      ),
    ),
    409: migration,
    412: stale,
    422: invalid,
  },
  TemplateController_discard: {
    200: ok('Draft reset to live.', write({ discarded: bool })),
    409: migration,
    412: stale,
  },
  TemplateController_schema: {
    200: ok(
      'Customization guide for a `topic`.',
      obj({ status: success, topic: str, schema: any }),
    ),
    422: refused('Unknown `topic` or too many `types`.'),
  },
  TemplateController_themes: {
    200: ok('Themes (no `meta`).', obj({ status: success, themes: arr(ref('Theme')) })),
  },
  TemplateController_theme: {
    200: ok('One theme with `changed_sections`.', obj({ status: success, theme: ref('Theme') })),
    404: fails('Theme not found.'),
  },
  TemplateController_apply: {
    200: ok(
      'Theme applied to the draft (not live).',
      write({ theme: str, applied_sections: strings, warnings }),
    ),
    404: fails('Theme not found.'),
    409: migration,
    412: stale,
    422: refused('Unknown section.'),
  },
  TemplateController_publish: {
    200: ok('The draft is live; a new draft starts.', write({ version: ref('DesignVersion') })),
    409: fails('`nothing_to_publish` (draft equals live) or `template_migration_required`.'),
    412: stale,
    422: refused('`message` over 300 characters.'),
  },
  TemplateController_versions: {
    200: ok(
      'Live plus up to 49 earlier versions, newest first (no `meta`).',
      obj({
        status: success,
        versions: arr(
          obj({ ...(version.properties as Record<string, Schema>), published_by: nullable(str) }),
        ),
      }),
    ),
    409: migration,
  },
  TemplateController_restore: {
    200: ok(
      'The version loaded into the draft (not live).',
      write({ restored_version: ref('DesignVersion'), warnings }),
    ),
    409: migration,
    412: stale,
  },
  ThemePreviewController_preview: {
    200: svg('The theme’s home page as an SVG picture.'),
    404: html('Unknown theme.'),
  },
  ThemePreviewController_screenshot: {
    200: svg('One page of the theme as an SVG picture (`mode` = `dark` for dark mode).'),
    404: html('Unknown theme or page.'),
  },
};
