import { c } from '../blueprints';
import { preset } from '../theme-def';
import type { ThemeDef } from '../theme-def';
import { classic } from './classic';

export const blank: ThemeDef = preset({
  key: 'blank',
  name: 'Blank',
  tagline: 'Start from an empty canvas',
  summary: 'Default colors and nothing else: build every page yourself.',
  description:
    'Blank keeps the default colors and leaves every region empty except the essentials: the article details on the article page and the contact form on the contact page. Use it when you want to add each component yourself.',
  bestFor: ['Designers', 'Full custom builds'],
  theme: { ...classic.theme },
  brand: { name: 'Help Center', tagline: '' },
  meta: { title: 'Help Center', description: '', socialTitle: '', socialDescription: '' },
  syncedRegions: [],
  navigation: [],
  pages: {
    home: { layout: 'full', regions: {} },
    category: { layout: 'full', regions: {} },
    article: { layout: 'full', regions: { main: [c('ArticleMetadata')] } },
    search: { layout: 'full', regions: {} },
    contact: { layout: 'full', regions: { main: [c('ContactForm')] } },
    notFound: { layout: 'full', regions: {} },
  },
});
