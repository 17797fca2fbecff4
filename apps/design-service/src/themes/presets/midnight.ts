import { c, searchHero, standardFooter, withChrome } from '../blueprints';
import { corners, cssBlock, fonts, header, nav, palette, preset, presetMeta } from '../theme-def';
import type { ThemeDef } from '../theme-def';

export const midnight: ThemeDef = preset({
  key: 'midnight',
  name: 'Midnight',
  tagline: 'Dark, high-contrast and made for communities',
  summary: 'A dark-first look with neon accents, community links and a social footer.',
  description:
    'Midnight is dark by default with neon accents: great for games, creative tools and communities. The header links to your community, the home page shows what is new, and the footer carries your social profiles.',
  bestFor: ['Games', 'Communities', 'Creative tools'],
  industry: 'gaming',
  theme: {
    colors: palette('#22d3ee #a3e635 #e5e7eb #0a0a0f #9ca3af #14141c #27272a'),
    darkColors: palette('#22d3ee #a3e635 #f4f4f5 #050508 #a1a1aa #101016 #1f1f24'),
    fonts: fonts('DM Sans', 'DM Sans', 'Fira Code'),
    radius: corners('medium', 'large', 'medium'),
    density: 'comfortable',
  },
  brand: { name: 'Midnight Player Support', tagline: 'Level up your knowledge' },
  meta: presetMeta(
    'Player Support',
    'Account help, troubleshooting and game guides.',
    'Get unstuck: account help, fixes and guides.',
  ),
  syncedRegions: ['header', 'hero', 'footer'],
  navigation: [
    nav('Guides', '/'),
    nav('Community', 'https://community.example.com', 'external'),
    nav('Contact', '/contact'),
  ],
  customCss: [
    cssBlock(
      'Neon focus rings',
      ':focus-visible {\n  outline: 2px solid var(--hc-color-primary);\n  outline-offset: 2px;\n}\n',
    ),
  ],
  pages: withChrome(
    {
      home: {
        layout: 'full',
        regions: {
          main: [
            c('CategoryGrid', { style: 'tiles', columns: 4 }),
            c('ArticleList', { title: 'Patch notes', source: 'recent', showExcerpt: true }),
          ],
        },
      },
      category: {
        layout: 'full',
        regions: {
          main: [
            c('Breadcrumbs'),
            c('ArticleList', { title: 'Guides', source: 'category', limit: 15 }),
          ],
        },
      },
      article: {
        layout: 'sidebar-right',
        regions: {
          main: [c('Breadcrumbs'), c('ArticleBody'), c('ArticleMetadata')],
          sidebar: [c('TableOfContents'), c('RelatedArticles', { limit: 3 })],
        },
      },
      search: {
        layout: 'full',
        regions: { main: [c('ArticleList', { title: 'Trending', source: 'popular' })] },
      },
      contact: {
        layout: 'narrow',
        regions: {
          main: [c('ContactForm', { title: 'Open a ticket', submitLabel: 'Send ticket' })],
        },
      },
      notFound: {
        layout: 'narrow',
        regions: {
          main: [
            c('RichText', {
              markdown: '## Game over\n\nThis page respawned somewhere else. Try a search:',
              align: 'center',
            }),
          ],
        },
      },
    },
    {
      header: header([
        c('Button', {
          label: 'Join the community',
          href: 'https://community.example.com',
          style: 'secondary',
          openInNewTab: true,
        }),
      ]),
      footer: standardFooter('© Midnight Studios.'),
    },
  ),
});
// One synced hero for every page of Midnight (spec 4.12 sync_region).
for (const page of Object.values(midnight.pages))
  page.regions.hero = [
    searchHero({ title: 'Need a hand, player?', height: 'compact', background: 'gradient' }),
  ];
