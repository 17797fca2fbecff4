import { c, searchHero, standardFooter, withChrome } from '../blueprints';
import { corners, fonts, header, nav, palette, preset, presetMeta } from '../theme-def';
import type { ThemeDef } from '../theme-def';

export const meadow: ThemeDef = preset({
  key: 'meadow',
  name: 'Meadow',
  tagline: 'Warm and rounded for consumer brands',
  summary: 'Soft greens, round shapes, big friendly buttons and a contact button everywhere.',
  description:
    'Meadow suits shops and consumer apps: an image hero, large rounded category cards with icons, a prominent contact button, and generous spacing. Texts are short and friendly.',
  bestFor: ['E-commerce', 'Consumer apps', 'Subscriptions'],
  industry: 'retail',
  theme: {
    colors: palette('#15803d #f97316 #1c1917 #fffdf7 #78716c #f0fdf4 #d9f99d'),
    darkColors: palette('#4ade80 #fb923c #f5f5f4 #0c140f #a8a29e #14241a #22392a'),
    fonts: fonts('Nunito', 'Nunito', 'ui-monospace'),
    radius: corners('full', 'large', 'large'),
    density: 'spacious',
  },
  brand: { name: 'Meadow Support', tagline: 'We are here to help' },
  meta: presetMeta(
    'Customer Support',
    'Orders, shipping, returns and your account: all the answers in one place.',
    'Help with orders, shipping, returns and your account.',
  ),
  syncedRegions: ['header', 'footer', 'utility'],
  navigation: [
    nav('Orders', '/categories/orders', 'category'),
    nav('Shipping', '/categories/shipping', 'category'),
    nav('Returns', '/categories/returns', 'category'),
    nav('Shop', 'https://shop.example.com', 'external'),
  ],
  pages: withChrome(
    {
      home: {
        layout: 'full',
        regions: {
          hero: [searchHero({ title: 'Hi! How can we help?', background: 'image', overlay: true })],
          main: [
            c('CategoryGrid', { columns: 3, showArticleCount: false }),
            c('ArticleList', { title: 'Top questions', source: 'promoted' }),
            c('Button', { label: 'Still stuck? Contact us' }),
          ],
        },
      },
      category: {
        layout: 'full',
        regions: {
          hero: [
            searchHero({ height: 'compact', title: 'Questions about this topic' }, [
              c('Breadcrumbs'),
            ]),
          ],
          main: [c('ArticleList', { title: 'Questions', source: 'category', limit: 15 })],
        },
      },
      article: {
        layout: 'narrow',
        regions: {
          main: [
            c('Breadcrumbs', { separator: 'slash' }),
            c('ArticleBody', { textSize: 'large' }),
            c('RelatedArticles', { limit: 3 }),
            c('Button', { label: 'Still need help? Contact us' }),
          ],
        },
      },
      search: {
        layout: 'full',
        regions: {
          hero: [searchHero({ height: 'compact', title: 'Search our help' })],
          main: [c('ArticleList', { title: 'Top questions', source: 'promoted' })],
        },
      },
      contact: {
        layout: 'narrow',
        settings: { searchFirst: true },
        regions: { main: [c('ContactForm', { title: 'Message our team', requireName: true })] },
      },
      notFound: {
        layout: 'narrow',
        regions: {
          main: [
            c('RichText', {
              markdown: '## Oops, nothing here\n\nLet us get you back on track.',
              align: 'center',
            }),
            c('SearchBar'),
            c('Button', { label: 'Go to the help center', href: '/' }),
          ],
        },
      },
    },
    {
      header: header(),
      footer: standardFooter('© Meadow. Happy to help, every day.'),
      utility: [
        c('RichText', { markdown: 'Free returns within 30 days.', align: 'center', size: 'small' }),
      ],
    },
  ),
});
meadow.pages.article.regions.main!.splice(2, 0, c('ArticleMetadata', { showAuthor: false }));
