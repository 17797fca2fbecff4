import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import { messages } from '@hc/contracts';
import { PAGE_KEYS, REGION_KEYS } from '@hc/design';
import type { PageKey, RegionKey } from '@hc/design';
import { BodyFrom, QueryEnum, readQuery } from '@hc/http';
import { COMPONENT_CATALOG } from '../../catalog/components';
import { MAX_SCHEMA_TYPES, SCHEMA_TOPICS } from '../../catalog/schema-guide';
import type { SchemaTopic } from '../../catalog/schema-guide';
import { DRAFT_SECTIONS } from '../draft-sections';
import type { DraftSection } from '../draft-sections';

/**
 * A parameter of GET /template/draft that only some sections read: judged for those (required
 * in `requiredIn`), ignored for the others. Not one value, or not one of `values`: 422.
 */
function SectionParam(opts: {
  description: string;
  requiredIn: readonly DraftSection[];
  optionalIn?: readonly DraftSection[];
  values?: readonly string[];
  example?: string;
}): PropertyDecorator {
  const { requiredIn, optionalIn = [], values } = opts;
  const section = (q: DraftQuery): DraftSection => q.section ?? 'document';
  const problem = (field: string, v: unknown, q: DraftQuery): string | undefined => {
    if (v === undefined)
      return requiredIn.includes(section(q)) ? messages.required(field) : undefined;
    if (typeof v !== 'string') return messages.string(field);
    if (values && !values.includes(v)) return messages.selectedInvalid(field);
    return undefined;
  };
  return applyDecorators(
    ApiPropertyOptional({
      type: 'string',
      enum: values ? [...values] : undefined,
      example: opts.example,
      description: opts.description,
    }),
    ValidateIf((q: DraftQuery) => [...requiredIn, ...optionalIn].includes(section(q))),
    ValidateBy({
      name: 'isSectionParam',
      validator: {
        validate: (v, args) => problem(args!.property, v, args!.object as DraftQuery) === undefined,
        defaultMessage: (args) =>
          problem(args!.property, args!.value, args!.object as DraftQuery) ?? '',
      },
    }),
  );
}

/** GET /template/draft (spec 4.12): one section of the draft; some sections name a part. */
@BodyFrom(readQuery)
export class DraftQuery {
  @QueryEnum(DRAFT_SECTIONS, 'The part of the draft to read. Default document.')
  section?: DraftSection;

  @SectionParam({
    description:
      'section=page and region: the page (required); section=component: only on this page',
    requiredIn: ['page', 'region'],
    optionalIn: ['component'],
    values: PAGE_KEYS,
  })
  page?: PageKey;

  @SectionParam({
    description: 'section=region: the region (required)',
    requiredIn: ['region'],
    values: REGION_KEYS,
  })
  region?: RegionKey;

  @SectionParam({
    description: 'section=component: the component (required); scripts, custom_css: one item',
    requiredIn: ['component'],
    optionalIn: ['scripts', 'custom_css'],
    example: 'intro',
  })
  id?: string;
}

/** `types` of GET /template/schema: the distinct comma-separated component types. */
export function schemaTypes(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

function typesProblem(v: unknown): string | undefined {
  if (typeof v !== 'string') return messages.string('types');
  const types = schemaTypes(v);
  if (types.length > MAX_SCHEMA_TYPES) return messages.maxItems('types', MAX_SCHEMA_TYPES);
  const unknown = types.find((t) => !COMPONENT_CATALOG.has(t));
  return unknown ? `Unknown component type "${unknown}".` : undefined;
}

/** GET /template/schema (spec 4.12): a topic of the guide; `components` may name types. */
@BodyFrom(readQuery)
export class SchemaQuery {
  @QueryEnum(SCHEMA_TOPICS, 'The part of the guide. Default overview.')
  topic?: SchemaTopic;

  @ApiPropertyOptional({
    type: 'string',
    example: 'Hero,ContactForm',
    description: `topic=components: up to ${MAX_SCHEMA_TYPES} comma-separated component types to describe in full`,
  })
  @ValidateIf((q: SchemaQuery) => q.topic === 'components' && q.types !== undefined)
  @ValidateBy({
    name: 'isComponentTypes',
    validator: {
      validate: (v) => typesProblem(v) === undefined,
      defaultMessage: (args) => typesProblem(args?.value) ?? '',
    },
  })
  types?: string;
}
