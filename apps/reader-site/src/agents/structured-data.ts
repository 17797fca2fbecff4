/**
 * Structured data for article pages (issue #26): schema.org `Article` (or `FAQPage` for FAQ
 * articles, one Question per heading) and `BreadcrumbList`, as JSON-LD scripts. `<` is written
 * `\u003c`, so stored text can never close the script (`</script>`) or open a comment.
 */
import type { Request } from 'express';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Element, RootContent } from 'hast';
import { forwardedHost } from '@hc/http';

/** The absolute address of a site's base on this request's origin. */
export function originOf(req: Request, base: string): string {
  return `${req.protocol}://${forwardedHost(req) || 'localhost'}${base}`;
}

export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}

export interface ArticleFacts {
  url: string;
  title: string;
  description: string | null;
  lang: string;
  updated: Date;
  author: string | null;
  siteName: string;
  faq: boolean;
  /** Sanitized article HTML (questions and answers of an FAQ are read from it). */
  html: string;
  /** Home, category…, the article: names and absolute addresses. */
  breadcrumbs: { name: string; url: string }[];
}

const MAX_QUESTIONS = 100;

/** An FAQ's questions: each h2/h3 heading, answered by what follows it up to the next one. */
export function faqEntries(html: string): { question: string; answer: string }[] {
  const out: { question: string; answer: string }[] = [];
  let current: { question: string; parts: RootContent[] } | null = null;
  const flush = () => {
    const answer = current?.parts
      .map((n) => toText(n as Element))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (current && current.question && answer) out.push({ question: current.question, answer });
  };
  for (const node of fromHtml(html, { fragment: true }).children) {
    if (node.type === 'element' && /^h[23]$/.test(node.tagName)) {
      flush();
      if (out.length >= MAX_QUESTIONS) return out;
      current = { question: toText(node).replace(/\s+/g, ' ').trim(), parts: [] };
    } else current?.parts.push(node);
  }
  flush();
  return out.slice(0, MAX_QUESTIONS);
}

export function articleStructuredData(a: ArticleFacts): string {
  const main = a.faq
    ? {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        url: a.url,
        name: a.title,
        inLanguage: a.lang,
        dateModified: a.updated.toISOString(),
        mainEntity: faqEntries(a.html).map((e) => ({
          '@type': 'Question',
          name: e.question,
          acceptedAnswer: { '@type': 'Answer', text: e.answer },
        })),
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'Article',
        mainEntityOfPage: a.url,
        url: a.url,
        headline: a.title.slice(0, 110),
        ...(a.description ? { description: a.description } : {}),
        inLanguage: a.lang,
        dateModified: a.updated.toISOString(),
        ...(a.author ? { author: { '@type': 'Person', name: a.author } } : {}),
        publisher: { '@type': 'Organization', name: a.siteName },
      };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: a.breadcrumbs.map((b, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: b.name,
      item: b.url,
    })),
  };
  return jsonLdScript(main) + jsonLdScript(breadcrumbs);
}
