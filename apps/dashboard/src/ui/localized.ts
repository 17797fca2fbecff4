/** A per-language field (`{ en: "…", de: "…" }`) in the preferred language, else any. */
export function localized(
  field: Record<string, string> | unknown[] | null | undefined,
  lang: string,
): string {
  if (!field || Array.isArray(field)) return '';
  return field[lang] || Object.values(field).find(Boolean) || '';
}
