import { c, searchHero, standardFooter, withChrome } from '../blueprints';
import { corners, cssBlock, fonts, header, nav, palette, preset, presetMeta } from '../theme-def';
import type { ThemeDef } from '../theme-def';

export const ledger: ThemeDef = preset({
  key: 'ledger',
  name: 'Ledger',
  tagline: 'Trustworthy and precise for regulated industries',
  summary: 'Serif headings, restrained colors, dense lists and clear article details.',
  description:
    'Ledger fits banks, insurers, health and legal services: serif headings, a restrained palette, visible update dates and authors on every article, and a sidebar with related reading. Search engines see a precise description.',
  bestFor: ['Finance', 'Insurance', 'Healthcare', 'Public services'],
  industry: 'finance',
  theme: {
    colors: palette('#0f3d3e #b08d57 #1a1a1a #fcfcfa #5f6b6d #f3f4f1 #d6d9d4'),
    darkColors: palette('#7fb8b0 #d4b483 #ececec #0d1414 #a3adae #162020 #263333'),
    fonts: fonts('Source Serif 4', 'Source Sans 3', 'ui-monospace'),
    radius: corners('small', 'none', 'small'),
    density: 'compact',
  },
  brand: { name: 'Ledger Client Services', tagline: 'Clear answers about your accounts' },
  meta: presetMeta(
    'Client Services Help',
    'Official answers about accounts, payments, statements and security.',
    'Accounts, payments, statements and security explained.',
  ),
  syncedRegions: ['header', 'footer'],
  navigation: [
    nav('Accounts', '/categories/accounts', 'category'),
    nav('Payments', '/categories/payments', 'category'),
    nav('Security', '/categories/security', 'category'),
    nav('Contact', '/contact'),
  ],
  customCss: [
    cssBlock(
      'Serif article headings',
      'article h2, article h3 {\n  font-family: var(--hc-font-heading);\n  letter-spacing: 0.01em;\n}\n',
    ),
  ],
  pages: withChrome(
    {
      home: {
        layout: 'full',
        regions: {
          hero: [
            searchHero({
              align: 'left',
              title: 'How can we help you today?',
              subtitle: 'Search our official guidance.',
            }),
          ],
          main: [
            c('CategoryGrid', { style: 'list', columns: 2, showIcons: false }),
            c('ArticleList', { title: 'Most read', limit: 10 }),
          ],
        },
      },
      category: {
        layout: 'sidebar-right',
        regions: {
          hero: [
            searchHero({ align: 'left', height: 'compact', title: 'Topic' }, [
              c('Breadcrumbs', { separator: 'slash' }),
            ]),
          ],
          main: [
            c('ArticleList', {
              title: 'Articles',
              source: 'category',
              limit: 15,
              showExcerpt: true,
            }),
          ],
          sidebar: [c('ArticleList', { title: 'Most read', limit: 5 })],
        },
      },
      article: {
        layout: 'sidebar-right',
        regions: {
          main: [
            c('Breadcrumbs', { separator: 'slash' }),
            c('ArticleBody'),
            c('ArticleMetadata', { showReadingTime: true }),
          ],
          sidebar: [c('TableOfContents', { depth: 2 }), c('RelatedArticles')],
        },
      },
      search: {
        layout: 'full',
        regions: {
          hero: [searchHero({ align: 'left', height: 'compact', title: 'Search' })],
          main: [c('ArticleList', { limit: 10 })],
        },
      },
      contact: {
        layout: 'full',
        regions: {
          hero: [
            searchHero({ align: 'left', height: 'compact', title: 'Contact client services' }),
          ],
          main: [
            c('RichText', {
              markdown: 'Never share your password or one-time codes, not even with us.',
            }),
            c('ContactForm', { requireName: true }),
          ],
        },
      },
      notFound: {
        layout: 'narrow',
        regions: {
          main: [
            c('RichText', {
              markdown: '## Page not found\n\nPlease check the address or search below.',
            }),
            c('SearchBar'),
          ],
        },
      },
    },
    {
      header: header(),
      footer: standardFooter('© Ledger. Regulated by the relevant authorities.'),
      headerConfig: { borderBottom: true },
    },
  ),
});
