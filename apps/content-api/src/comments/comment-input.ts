import { fieldError, messages, TEXT_MAX } from '@hc/contracts';

/**
 * The text of a reader's comment or a new note (spec 4.9 and 8: plain, 1 to 5,000 characters),
 * from a form; API bodies are checked by their DTOs (`TEXT_FIELD`).
 */
export function readText(value: unknown, field = 'text'): string {
  if (value === undefined || value === null) throw fieldError(field, messages.required(field));
  if (typeof value !== 'string') throw fieldError(field, messages.string(field));
  const text = value.trim();
  if (text === '') throw fieldError(field, messages.required(field));
  if ([...text].length > TEXT_MAX) throw fieldError(field, messages.maxString(field, TEXT_MAX));
  return text;
}

/** An optional id field (`parent_id`): absent/null → null; an integer (or digits) → the number. */
export function readOptionalId(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) && Number(value) > 0)
    return Number(value);
  throw fieldError(field, messages.integer(field));
}

/** An optional language field; must be one of the site's languages. */
export function readSiteLanguage(
  value: unknown,
  languages: string[],
  field = 'lang',
): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw fieldError(field, messages.string(field));
  if (!languages.includes(value.trim())) throw fieldError(field, messages.selectedInvalid(field));
  return value.trim();
}

const EMAIL_PATTERN = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/;

/** A reader's name (spec 4.9: required, up to 191 characters). */
export function readName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw fieldError('name', messages.required('name'));
  if ([...value.trim()].length > 191) throw fieldError('name', messages.maxString('name', 191));
  return value.trim();
}

/** A reader's email (required; kept for moderation and replies, never shown). */
export function readEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw fieldError('email', messages.required('email'));
  const email = value.trim();
  if (email.length > 191 || !EMAIL_PATTERN.test(email)) {
    throw fieldError('email', 'The email field must be a valid email address.');
  }
  return email;
}
