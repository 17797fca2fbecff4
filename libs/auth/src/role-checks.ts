import { apiError, AuthErrorCode } from '@hc/contracts';
import type { ApiError, Role } from '@hc/contracts';
import type { RequestContext, SiteContext } from './request-context';

/** Issue 37: what the person's current role on the site does not allow. */
export function roleForbidden(role: Role | null, what = 'do this'): ApiError {
  return apiError(
    AuthErrorCode.RoleForbidden,
    `Your role on this site (${role ?? 'none'}) does not allow you to ${what}.`,
  );
}

/** Whether the request comes from a person signed in to the dashboard (issue 37). */
export function isDashboardSession(ctx: RequestContext): boolean {
  return ctx.credential.kind === 'dashboard';
}

/**
 * Issue 37's Translator rule, on the routes marked `@TranslatorMay()`: a Translator's session
 * changes only per-language fields of languages other than the site's default. `languages`: the
 * languages the write touches; `articleWide`: whether it changes any article-wide field.
 */
export function checkTranslatorWrite(
  ctx: RequestContext,
  site: Pick<SiteContext, 'defaultLanguage'>,
  write: { languages: Iterable<string>; articleWide: boolean },
): void {
  if (!isDashboardSession(ctx) || ctx.principal.role !== 'translator') return;
  if (write.articleWide)
    throw roleForbidden(
      'translator',
      'change article-wide fields; a Translator edits translations',
    );
  for (const lang of write.languages) {
    if (lang === site.defaultLanguage)
      throw roleForbidden(
        'translator',
        `change the site's default language (${lang}); a Translator edits the other languages`,
      );
  }
}
