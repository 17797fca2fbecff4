// PATCH /articles/{id}/staged: the typed edit the service stages (spec 4.5), read from StageDto.
import { apiError, CommonErrorCode } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { readLanguageMap, unsupportedLanguageMessage } from '@hc/content';
import type { StageDto } from './dto/stage.dto';
import type { SharedFields } from './staged-model';

export interface StageInput {
  locale: string;
  title?: string | null;
  content?: string | null;
  /** null or empty: made anew from the title. */
  slug?: string | null;
  audioFile?: string | null;
  hasCustomSlug?: boolean;
  shared: SharedFields;
  releaseTranslation?: boolean;
  etag?: string;
  sharedEtag?: string;
}

const unique = (ids: number[] | null) => [...new Set(ids ?? [])];

/** The staged edit a checked DTO asks for; metadata languages the site lacks are 400 (spec 4.5). */
export function toStageInput(dto: StageDto, site: SiteContext): StageInput {
  const text = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null || !v.trim() ? null : v.trim();
  const input: StageInput = {
    locale: dto.locale,
    title: text(dto.title),
    content: text(dto.content),
    slug: text(dto.slug),
    audioFile: text(dto.audio_file),
    hasCustomSlug: dto.has_custom_slug ?? undefined,
    releaseTranslation: dto.release_translation ?? undefined,
    etag: dto.etag ?? undefined,
    sharedEtag: dto.shared_etag ?? undefined,
    shared: {},
  };
  const shared: SharedFields = {};
  if (dto.category_id !== undefined) shared.category_id = Number(dto.category_id) || null;
  if (dto.categories !== undefined) shared.categories = unique(dto.categories);
  if (dto.visibility !== undefined) shared.visibility = dto.visibility;
  if (dto.type) shared.type = dto.type;
  if (dto.author_id) shared.author_id = dto.author_id;
  if (dto.shared_with !== undefined) shared.shared_with = unique(dto.shared_with);
  if (dto.metadata) {
    const metadata: NonNullable<SharedFields['metadata']> = {};
    for (const key of ['title', 'description'] as const) {
      const raw = dto.metadata[key];
      if (raw === undefined || raw === null) continue;
      const r = readLanguageMap(raw, site);
      // The DTO checked the shape: what is left is a language the site lacks.
      if (!r.ok) {
        const code = r.problem.kind === 'not_object' ? '' : r.problem.code;
        throw apiError(CommonErrorCode.InvalidArgument, unsupportedLanguageMessage(code));
      }
      if (Object.keys(r.value).length) metadata[key] = r.value;
    }
    if (Object.keys(metadata).length) shared.metadata = metadata;
  }
  input.shared = shared;
  for (const key of Object.keys(input) as Array<keyof StageInput>)
    if (input[key] === undefined) delete input[key];
  return input;
}
