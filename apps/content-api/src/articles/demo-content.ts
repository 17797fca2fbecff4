import type { INestApplicationContext } from '@nestjs/common';
import { CategoriesService } from '../categories/categories.service';
import { SitesService } from '../sites/sites.service';
import { readArticleInput } from './article-input';
import { ArticlesService } from './articles.service';

const CATEGORIES = [
  {
    name: { en: 'Getting started', de: 'Erste Schritte' },
    description: { en: 'Set up your account.', de: 'Richten Sie Ihr Konto ein.' },
    icon: 'rocket',
    articles: [
      {
        title: { en: 'Create your account', de: 'Konto erstellen' },
        content: {
          en: '## Sign up\n\n1. Open the sign-up page.\n2. Enter your email address.\n3. Confirm the email we send you.',
          de: '## Registrieren\n\n1. Öffnen Sie die Registrierungsseite.\n2. Geben Sie Ihre E-Mail-Adresse ein.\n3. Bestätigen Sie die E-Mail, die wir Ihnen senden.',
        },
      },
      {
        title: { en: 'Reset your password', de: 'Passwort zurücksetzen' },
        content: {
          en: 'Click **Forgot password** on the sign-in page and follow the link in the email.',
          de: 'Klicken Sie auf der Anmeldeseite auf **Passwort vergessen** und folgen Sie dem Link in der E-Mail.',
        },
      },
    ],
  },
  {
    name: { en: 'Billing', de: 'Abrechnung' },
    description: { en: 'Plans, invoices and payments.', de: 'Tarife, Rechnungen und Zahlungen.' },
    icon: 'credit-card',
    articles: [
      {
        title: { en: 'Download invoices', de: 'Rechnungen herunterladen' },
        content: {
          en: '| Plan | Invoice |\n|---|---|\n| Monthly | 1st of the month |\n| Yearly | On renewal |',
          de: '| Tarif | Rechnung |\n|---|---|\n| Monatlich | Am Monatsersten |\n| Jährlich | Bei Verlängerung |',
        },
      },
    ],
  },
];

/** `hc seed demo`: categories and published articles in English and German (both released). */
export async function seedDemoContent(
  app: INestApplicationContext,
  { id }: { id: number },
  userId: number,
): Promise<void> {
  const site = await app.get(SitesService).requireSite(id);
  const categories = app.get(CategoriesService);
  const articles = app.get(ArticlesService);
  for (const c of CATEGORIES) {
    const { category } = await categories.create(site, {
      name: c.name,
      description: c.description,
      icon: c.icon,
    });
    for (const a of c.articles) {
      const input = readArticleInput(
        { ...a, category_id: category.id, published: true, content_format: 'markdown' },
        site,
        true,
      );
      const { view } = await articles.createOrUpsert(site, userId, input);
      for (const lang of Object.keys(a.title)) {
        if (!view.translations.find((t) => t.lang === lang)?.released) {
          await articles.releaseTranslation(site, view.id, lang);
        }
      }
    }
  }
}
