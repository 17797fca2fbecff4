import { c, searchHero, standardFooter, withChrome } from '../blueprints';
import {
  corners,
  DEFAULT_COLORS,
  DEFAULT_DARK_COLORS,
  fonts,
  header,
  preset,
  presetMeta,
  STANDARD_NAV,
} from '../theme-def';
import type { ThemeDef } from '../theme-def';

export const classic: ThemeDef = preset({
  key: 'classic',
  name: 'Classic',
  tagline: 'A clear, friendly help center that works for everyone',
  summary: 'Search-first home page, category cards, and a calm reading layout.',
  description:
    'Classic puts search at the centre: a welcoming hero with a search bar, category cards with article counts, and popular articles below. Articles read in a single column with a table of contents in the sidebar and related articles at the end.',
  bestFor: ['General support', 'Small teams', 'First help center'],
  theme: {
    colors: DEFAULT_COLORS,
    darkColors: DEFAULT_DARK_COLORS,
    fonts: fonts('Inter', 'Inter', 'ui-monospace'),
    radius: corners('medium', 'medium', 'small'),
    density: 'comfortable',
  },
  brand: { name: 'Your Company Help Center', tagline: 'Answers, guides and how-tos' },
  meta: presetMeta(
    'Help Center',
    'Find answers, guides and how-tos from our team.',
    'Answers to common questions, step-by-step guides and tips.',
  ),
  syncedRegions: ['header', 'footer'],
  navigation: STANDARD_NAV,
  pages: withChrome(
    {
      home: {
        layout: 'full',
        regions: { hero: [searchHero()], main: [c('CategoryGrid'), c('ArticleList')] },
      },
      category: {
        layout: 'full',
        regions: {
          hero: [searchHero({ height: 'compact', title: 'Browse this topic' }, [c('Breadcrumbs')])],
          main: [
            c('CategoryGrid', { title: 'Subtopics', style: 'list' }),
            c('ArticleList', { title: 'Articles', source: 'category', limit: 15 }),
          ],
        },
      },
      article: {
        layout: 'sidebar-right',
        regions: {
          main: [c('Breadcrumbs'), c('ArticleBody'), c('ArticleMetadata'), c('RelatedArticles')],
          sidebar: [c('SearchBar', { size: 'small' }), c('TableOfContents')],
        },
      },
      search: {
        layout: 'full',
        regions: {
          hero: [searchHero({ height: 'compact', title: 'Search results' })],
          main: [c('ArticleList', { title: 'Popular articles' })],
        },
      },
      contact: {
        layout: 'full',
        regions: {
          hero: [
            searchHero({
              height: 'compact',
              title: 'Get in touch',
              subtitle: 'Search first: the answer may already be here.',
            }),
          ],
          main: [c('ContactForm')],
        },
      },
      notFound: {
        layout: 'narrow',
        regions: {
          main: [
            c('RichText', {
              markdown:
                '## We could not find that page\n\nThe link may be old or mistyped. Try a search:',
              align: 'center',
            }),
            c('SearchBar'),
            c('ArticleList'),
          ],
        },
      },
    },
    {
      header: header(),
      footer: standardFooter('© Your Company. All rights reserved.'),
      headerConfig: { borderBottom: true },
    },
  ),
});
