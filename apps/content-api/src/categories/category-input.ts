import { FieldErrors, messages, validationError } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { LanguageMapInput, readLanguageMap, unsupportedLanguageMessage } from '@hc/content';
import type { CreateCategoryDto, UpdateCategoryDto } from './dto/category.dto';

/** A category write as sent (spec 4.6); absent fields are undefined. */
export interface CategoryInput {
  name?: LanguageMapInput;
  description?: LanguageMapInput | null;
  /** 0 or null: top level. */
  parentId?: number | null;
  icon?: string | null;
  position?: number;
}

/**
 * The category write a checked DTO asks for, against the site: language keys the site lacks are
 * refused on the field (422, spec 2.1); a create needs a name in at least one language.
 */
export function toCategoryInput(
  dto: CreateCategoryDto | UpdateCategoryDto,
  site: SiteContext,
  creating: boolean,
): CategoryInput {
  const errors: FieldErrors = {};
  const input: CategoryInput = {};
  const map = (field: 'name' | 'description'): LanguageMapInput | undefined => {
    const raw = dto[field];
    if (raw === undefined || raw === null) return undefined;
    const r = readLanguageMap(raw, site);
    if (r.ok) return r.value;
    // The DTO checked the shape: what is left is a language the site lacks.
    if (r.problem.kind === 'unsupported_language')
      errors[field] = [unsupportedLanguageMessage(r.problem.code)];
    return undefined;
  };
  input.name = map('name');
  if (dto.description !== undefined) input.description = map('description') ?? null;
  if (creating && !errors.name && !Object.values(input.name ?? {}).some((v) => v !== null))
    errors.name = [messages.required('name')];
  if (dto.parent_id !== undefined)
    input.parentId = dto.parent_id === null ? null : Number(dto.parent_id) || null;
  if (dto.icon !== undefined) input.icon = dto.icon;
  if (dto.position !== undefined && dto.position !== null) input.position = dto.position;
  if (Object.keys(errors).length) throw validationError(errors);
  return input;
}
