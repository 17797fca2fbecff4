import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, ValidateBy } from 'class-validator';
import { messages, SITE_VISIBILITIES } from '@hc/contracts';
import type { SiteVisibility } from '@hc/contracts';
import { Field } from '@hc/http';
import { SITE_PASSWORD_MAX, SITE_PASSWORD_MIN } from '../sites.service';

/** An array of up to `max` strings (language codes, allow-list entries); each checked later. */
function StringList(
  field: string,
  max: number,
  description: string,
  example: string[],
  required: boolean,
) {
  const doc = {
    type: 'array',
    items: { type: 'string' },
    maxItems: max,
    description,
    example,
  } as const;
  return applyDecorators(
    required ? ApiProperty(doc) : ApiPropertyOptional(doc),
    ValidateBy(
      {
        name: 'stringList',
        validator: {
          validate: (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
        },
      },
      { message: messages.array(field) },
    ),
    ValidateBy(
      {
        name: 'maxItems',
        validator: { validate: (v: unknown) => !Array.isArray(v) || v.length <= max },
      },
      { message: messages.maxItems(field, max) },
    ),
  );
}

/** PATCH /site (issue 38 item 5): name, subdomain, languages; sends no event. */
export class UpdateSiteDto {
  @Field({ kind: 'text', minLength: 1, maxLength: 191, description: 'The site’s name' })
  name?: string;

  @Field({
    kind: 'text',
    minLength: 1,
    maxLength: 63,
    description: 'Letters, digits and hyphens; the reader address `{subdomain}.` changes with it',
    example: 'acme',
  })
  subdomain?: string;

  @Field({
    kind: 'text',
    minLength: 2,
    maxLength: 8,
    description: 'A language code (spec 2.1); added to `languages` if missing',
    example: 'en',
  })
  default_language?: string;

  @StringList('languages', 44, 'Language codes of the site (spec 2.1)', ['en', 'de'], false)
  @IsOptional()
  languages?: string[];
}

/** PUT /site/domain: a custom domain, saved once its DNS TXT record proves it. */
export class SiteDomainDto {
  @Field({
    kind: 'text',
    maxLength: 191,
    null: 'clears',
    description:
      'A host name such as help.example.com; null or empty removes the custom domain. Saved ' +
      'only when `_hc-verification.<domain>` has the TXT record `hc-verification=<site uuid>`',
    example: 'help.example.com',
  })
  @IsDefined({ message: messages.required('domain') })
  domain!: string | null;
}

/** PUT /site/visibility: who may read the reader site; sends `site.updated` when it changes. */
export class SiteVisibilityDto {
  @Field(
    {
      kind: 'choice',
      values: SITE_VISIBILITIES,
      description: 'public, private (members only) or password',
    },
    { required: true },
  )
  visibility!: SiteVisibility;

  @Field({
    kind: 'text',
    minLength: SITE_PASSWORD_MIN,
    maxLength: SITE_PASSWORD_MAX,
    null: 'ignored',
    description:
      'The readers’ password (needed the first time the site becomes `password`; a new one ' +
      'ends the reader sessions the old one opened)',
  })
  password?: string | null;
}

/** PUT /site/ip-allowlist: sends `site.updated` when the list changes. */
export class SiteAllowlistDto {
  @StringList(
    'ip_allowlist',
    100,
    'IP addresses or CIDR ranges; empty lets everyone in',
    ['203.0.113.0/24'],
    true,
  )
  @IsDefined({ message: messages.required('ip_allowlist') })
  ip_allowlist!: string[];
}

/** PUT /site/comment-settings (the dashboard's `hc comment settings`); sends no event. */
export class CommentSettingsDto {
  @Field(
    { kind: 'boolean', description: 'Reader comments wait for approval (true) or show at once' },
    { required: true },
  )
  moderate!: boolean;
}

/** PUT /site/interface-texts/{lang}: overrides of the reader site's interface texts. */
export class InterfaceTextsDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] },
    description: 'Text per interface key; null or empty restores the default text',
    example: { 'search.placeholder': 'Search the help center' },
  })
  @ValidateBy(
    {
      name: 'textMap',
      validator: {
        validate: (v: unknown) =>
          v !== null &&
          typeof v === 'object' &&
          !Array.isArray(v) &&
          Object.values(v).every((t) => t === null || typeof t === 'string'),
      },
    },
    { message: messages.object('texts') },
  )
  @IsDefined({ message: messages.required('texts') })
  texts!: Record<string, string | null>;
}
