import { c, searchHero, standardFooter, withChrome } from '../blueprints';
import { corners, cssBlock, fonts, header, nav, palette, preset, presetMeta } from '../theme-def';
import type { ThemeDef } from '../theme-def';

export const aurora: ThemeDef = preset({
  key: 'aurora',
  name: 'Aurora',
  tagline: 'Bold gradients for modern software products',
  summary: 'A gradient hero, tiles for topics, and a product-style header with a sign-up button.',
  description:
    'Aurora is made for SaaS products: a tall gradient hero with a large search, topic tiles, recent release notes, and a header with a call to action back to your product. Dark mode is tuned for late-night debugging.',
  bestFor: ['SaaS', 'Product documentation', 'Release notes'],
  industry: 'software',
  theme: {
    colors: palette('#7c3aed #ec4899 #1e1b4b #ffffff #6b7280 #f5f3ff #e9d5ff'),
    darkColors: palette('#a78bfa #f472b6 #ede9fe #0f0a1f #a1a1aa #1c1433 #2e2450'),
    fonts: fonts('Manrope', 'Inter', 'JetBrains Mono'),
    radius: corners('full', 'large', 'medium'),
    density: 'comfortable',
  },
  brand: { name: 'Acme Cloud Docs', tagline: 'Everything you need to ship with Acme' },
  meta: presetMeta(
    'Acme Cloud Help & Docs',
    'Guides, API references and release notes for Acme Cloud.',
    'Learn Acme Cloud: guides, references and what is new.',
  ),
  syncedRegions: ['header', 'footer'],
  navigation: [
    nav('Guides', '/'),
    nav('Release notes', '/categories/release-notes', 'category'),
    nav('Status', 'https://status.example.com', 'external'),
    nav('Contact', '/contact'),
  ],
  customCss: [
    cssBlock(
      'Gradient hero',
      '[data-hc-component="Hero"] {\n  background: linear-gradient(135deg, var(--hc-color-primary), var(--hc-color-accent));\n  color: #ffffff;\n}\n',
    ),
  ],
  pages: withChrome(
    {
      home: {
        layout: 'full',
        regions: {
          hero: [
            searchHero({
              title: 'What can we help you build?',
              background: 'gradient',
              height: 'tall',
            }),
          ],
          main: [
            c('CategoryGrid', { style: 'tiles', columns: 4 }),
            c('ArticleList', { title: 'What is new', source: 'recent', showExcerpt: true }),
          ],
        },
      },
      category: {
        layout: 'sidebar-left',
        regions: {
          hero: [
            searchHero({ background: 'gradient', height: 'compact', title: 'Guides' }, [
              c('Breadcrumbs'),
            ]),
          ],
          sidebar: [c('Navigation', { style: 'vertical' })],
          main: [
            c('ArticleList', {
              title: 'In this topic',
              source: 'category',
              limit: 15,
              showExcerpt: true,
            }),
          ],
        },
      },
      article: {
        layout: 'sidebar-left',
        regions: {
          sidebar: [c('TableOfContents')],
          main: [
            c('Breadcrumbs'),
            c('ArticleBody', { textSize: 'large' }),
            c('ArticleMetadata', { showReadingTime: true }),
            c('RelatedArticles', { limit: 3 }),
          ],
        },
      },
      search: {
        layout: 'full',
        regions: {
          hero: [
            searchHero({ background: 'gradient', height: 'compact', title: 'Search the docs' }),
          ],
          main: [c('ArticleList', { source: 'recent' })],
        },
      },
      contact: {
        layout: 'narrow',
        regions: {
          hero: [
            searchHero({ background: 'gradient', height: 'compact', title: 'Talk to our team' }),
          ],
          main: [c('ContactForm', { suggestArticles: true })],
        },
      },
      notFound: {
        layout: 'narrow',
        regions: {
          hero: [searchHero({ background: 'gradient', title: 'This page took a wrong turn' })],
          main: [c('Button', { label: 'Back to the docs', href: '/' })],
        },
      },
    },
    {
      header: header([
        c('Button', { label: 'Open the app', href: 'https://app.example.com', style: 'secondary' }),
      ]),
      footer: standardFooter('© Acme Cloud, Inc.'),
    },
  ),
});
