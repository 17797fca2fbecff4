import { c, searchHero, standardFooter, withChrome } from '../blueprints';
import { corners, cssBlock, fonts, nav, palette, preset, presetMeta } from '../theme-def';
import type { ThemeDef } from '../theme-def';

export const harbor: ThemeDef = preset({
  key: 'harbor',
  name: 'Harbor',
  tagline: 'Documentation layout with a permanent sidebar',
  summary: 'Navy and white, a sidebar menu on every page, and code-friendly articles.',
  description:
    'Harbor is a documentation theme: the navigation sits in a sidebar on every page, articles get a table of contents and dark code blocks, and the header keeps search one keystroke away. Monospace fonts are tuned for code samples.',
  bestFor: ['Developer documentation', 'APIs', 'Technical products'],
  industry: 'developer tools',
  theme: {
    colors: palette('#1e3a8a #0ea5e9 #0f172a #ffffff #64748b #f1f5f9 #cbd5e1'),
    darkColors: palette('#93c5fd #38bdf8 #e2e8f0 #020617 #94a3b8 #0f172a #1e293b'),
    fonts: fonts('IBM Plex Sans', 'IBM Plex Sans', 'IBM Plex Mono'),
    radius: corners('small', 'small', 'small'),
    density: 'compact',
  },
  brand: { name: 'Harbor Developer Docs', tagline: 'Build on our platform' },
  meta: presetMeta(
    'Developer Documentation',
    'API references, SDK guides and examples.',
    'Everything developers need: references, guides and examples.',
  ),
  syncedRegions: ['header', 'sidebar', 'footer'],
  navigation: [
    nav('Getting started', '/'),
    nav('API reference', '/categories/api', 'category'),
    nav('SDKs', '/categories/sdks', 'category'),
    nav('Changelog', '/categories/changelog', 'category'),
  ],
  customCss: [
    cssBlock(
      'Code blocks',
      'pre, code {\n  font-size: 0.9em;\n}\npre {\n  border: 1px solid var(--hc-color-border);\n}\n',
    ),
  ],
  pages: withChrome(
    {
      home: {
        layout: 'sidebar-left',
        regions: {
          hero: [
            searchHero({ align: 'left', height: 'compact', title: 'Developer documentation' }),
          ],
          main: [
            c('CategoryGrid', { style: 'list', columns: 2 }),
            c('ArticleList', { title: 'Recently updated', source: 'recent', limit: 10 }),
          ],
        },
      },
      category: {
        layout: 'sidebar-left',
        regions: {
          main: [
            c('Breadcrumbs'),
            c('ArticleList', { title: 'Pages', source: 'category', limit: 15 }),
          ],
        },
      },
      article: {
        layout: 'sidebar-left',
        settings: { codeTheme: 'dark' },
        regions: {
          main: [
            c('Breadcrumbs'),
            c('ArticleBody'),
            c('TableOfContents', { sticky: false }),
            c('ArticleMetadata', { showAuthor: false }),
          ],
        },
      },
      search: {
        layout: 'sidebar-left',
        regions: { main: [c('SearchBar'), c('ArticleList', { source: 'recent' })] },
      },
      contact: {
        layout: 'sidebar-left',
        regions: { main: [c('ContactForm', { title: 'Contact developer support' })] },
      },
      notFound: {
        layout: 'sidebar-left',
        regions: {
          main: [
            c('RichText', { markdown: '## 404\n\nThis page does not exist (any more).' }),
            c('SearchBar'),
          ],
        },
      },
    },
    {
      header: [
        c('Logo'),
        c('SearchBar', { size: 'small', showSuggestions: true }),
        c('LanguageSwitcher', { display: 'code' }),
      ],
      footer: standardFooter('© Harbor. Documentation licensed CC BY 4.0.'),
      headerConfig: { borderBottom: true, padding: 'compact' },
    },
  ),
});
for (const page of Object.values(harbor.pages))
  page.regions.sidebar = [c('Navigation', { style: 'vertical', showCategories: true })];
