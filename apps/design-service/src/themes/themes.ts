// The theme presets (spec 2.9): palettes, type, shape, density, placeholder brand and SEO texts,
// navigation, custom CSS and the six pages. `classic` is what a new site starts from.
import type { CssItem, NavItem, Palette, RegionKey, Script, ThemeSettings } from '../document/types';
import { c, PagesBlueprint, searchHero, standardFooter, withChrome } from './blueprints';

export interface ThemeDef {
  key: string;
  name: string;
  tagline: string;
  summary: string;
  description: string;
  bestFor: string[];
  industry?: string;
  theme: ThemeSettings;
  brand: { name: string; tagline: string };
  meta: { title: string; description: string; socialTitle: string; socialDescription: string };
  syncedRegions: RegionKey[];
  navigation: Omit<NavItem, 'id'>[];
  scripts: Omit<Script, 'id'>[];
  customCss: Omit<CssItem, 'id'>[];
  pages: PagesBlueprint;
}

export const DEFAULT_COLORS: Palette = {
  primary: '#2563eb',
  accent: '#f59e0b',
  fg: '#111827',
  bg: '#ffffff',
  muted: '#6b7280',
  surface: '#f9fafb',
  border: '#e5e7eb',
};

export const DEFAULT_DARK_COLORS: Palette = {
  primary: '#60a5fa',
  accent: '#fbbf24',
  fg: '#f3f4f6',
  bg: '#0b1220',
  muted: '#9ca3af',
  surface: '#111827',
  border: '#1f2937',
};

const nav = (label: string, href: string, type: NavItem['type'] = 'link'): Omit<NavItem, 'id'> => ({
  label,
  href,
  type,
  cssClass: null,
  children: [],
});

const STANDARD_NAV = [nav('Home', '/'), nav('Contact', '/contact')];

function header(extra: ReturnType<typeof c>[] = []) {
  return [c('Logo'), c('Navigation'), ...extra, c('LanguageSwitcher')];
}

const classic: ThemeDef = {
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
    fonts: { heading: 'Inter', body: 'Inter', code: 'ui-monospace' },
    radius: { buttons: 'medium', cards: 'medium', inputs: 'small' },
    density: 'comfortable',
  },
  brand: { name: 'Your Company Help Center', tagline: 'Answers, guides and how-tos' },
  meta: {
    title: 'Help Center',
    description: 'Find answers, guides and how-tos from our team.',
    socialTitle: 'Help Center',
    socialDescription: 'Answers to common questions, step-by-step guides and tips.',
  },
  syncedRegions: ['header', 'footer'],
  navigation: STANDARD_NAV,
  scripts: [],
  customCss: [],
  pages: withChrome(
    {
      home: { layout: 'full', regions: { hero: [searchHero()], main: [c('CategoryGrid'), c('ArticleList')] } },
      category: {
        layout: 'full',
        regions: {
          hero: [searchHero({ height: 'compact', title: 'Browse this topic' }, [c('Breadcrumbs')])],
          main: [c('CategoryGrid', { title: 'Subtopics', style: 'list' }), c('ArticleList', { title: 'Articles', source: 'category', limit: 15 })],
        },
      },
      article: {
        layout: 'sidebar-right',
        regions: {
          main: [c('Breadcrumbs'), c('ArticleBody'), c('ArticleMetadata'), c('RelatedArticles')],
          sidebar: [c('SearchBar', { size: 'small' }), c('TableOfContents')],
        },
      },
      search: { layout: 'full', regions: { hero: [searchHero({ height: 'compact', title: 'Search results' })], main: [c('ArticleList', { title: 'Popular articles' })] } },
      contact: {
        layout: 'full',
        regions: { hero: [searchHero({ height: 'compact', title: 'Get in touch', subtitle: 'Search first: the answer may already be here.' })], main: [c('ContactForm')] },
      },
      notFound: {
        layout: 'narrow',
        regions: {
          main: [c('RichText', { markdown: '## We could not find that page\n\nThe link may be old or mistyped. Try a search:', align: 'center' }), c('SearchBar'), c('ArticleList')],
        },
      },
    },
    { header: header(), footer: standardFooter('© Your Company. All rights reserved.'), headerConfig: { borderBottom: true } },
  ),
};

const blank: ThemeDef = {
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
  scripts: [],
  customCss: [],
  pages: {
    home: { layout: 'full', regions: {} },
    category: { layout: 'full', regions: {} },
    article: { layout: 'full', regions: { main: [c('ArticleMetadata')] } },
    search: { layout: 'full', regions: {} },
    contact: { layout: 'full', regions: { main: [c('ContactForm')] } },
    notFound: { layout: 'full', regions: {} },
  },
};

const aurora: ThemeDef = {
  key: 'aurora',
  name: 'Aurora',
  tagline: 'Bold gradients for modern software products',
  summary: 'A gradient hero, tiles for topics, and a product-style header with a sign-up button.',
  description:
    'Aurora is made for SaaS products: a tall gradient hero with a large search, topic tiles, recent release notes, and a header with a call to action back to your product. Dark mode is tuned for late-night debugging.',
  bestFor: ['SaaS', 'Product documentation', 'Release notes'],
  industry: 'software',
  theme: {
    colors: { primary: '#7c3aed', accent: '#ec4899', fg: '#1e1b4b', bg: '#ffffff', muted: '#6b7280', surface: '#f5f3ff', border: '#e9d5ff' },
    darkColors: { primary: '#a78bfa', accent: '#f472b6', fg: '#ede9fe', bg: '#0f0a1f', muted: '#a1a1aa', surface: '#1c1433', border: '#2e2450' },
    fonts: { heading: 'Manrope', body: 'Inter', code: 'JetBrains Mono' },
    radius: { buttons: 'full', cards: 'large', inputs: 'medium' },
    density: 'comfortable',
  },
  brand: { name: 'Acme Cloud Docs', tagline: 'Everything you need to ship with Acme' },
  meta: {
    title: 'Acme Cloud Help & Docs',
    description: 'Guides, API references and release notes for Acme Cloud.',
    socialTitle: 'Acme Cloud Help & Docs',
    socialDescription: 'Learn Acme Cloud: guides, references and what is new.',
  },
  syncedRegions: ['header', 'footer'],
  navigation: [nav('Guides', '/'), nav('Release notes', '/categories/release-notes', 'category'), nav('Status', 'https://status.example.com', 'external'), nav('Contact', '/contact')],
  scripts: [],
  customCss: [
    {
      label: 'Gradient hero',
      css: '[data-hc-component="Hero"] {\n  background: linear-gradient(135deg, var(--hc-color-primary), var(--hc-color-accent));\n  color: #ffffff;\n}\n',
      enabled: true,
    },
  ],
  pages: withChrome(
    {
      home: {
        layout: 'full',
        regions: {
          hero: [searchHero({ title: 'What can we help you build?', background: 'gradient', height: 'tall' })],
          main: [c('CategoryGrid', { style: 'tiles', columns: 4 }), c('ArticleList', { title: 'What is new', source: 'recent', showExcerpt: true })],
        },
      },
      category: { layout: 'sidebar-left', regions: { hero: [searchHero({ background: 'gradient', height: 'compact', title: 'Guides' }, [c('Breadcrumbs')])], sidebar: [c('Navigation', { style: 'vertical' })], main: [c('ArticleList', { title: 'In this topic', source: 'category', limit: 15, showExcerpt: true })] } },
      article: { layout: 'sidebar-left', regions: { sidebar: [c('TableOfContents')], main: [c('Breadcrumbs'), c('ArticleBody', { textSize: 'large' }), c('ArticleMetadata', { showReadingTime: true }), c('RelatedArticles', { limit: 3 })] } },
      search: { layout: 'full', regions: { hero: [searchHero({ background: 'gradient', height: 'compact', title: 'Search the docs' })], main: [c('ArticleList', { source: 'recent' })] } },
      contact: { layout: 'narrow', regions: { hero: [searchHero({ background: 'gradient', height: 'compact', title: 'Talk to our team' })], main: [c('ContactForm', { suggestArticles: true })] } },
      notFound: { layout: 'narrow', regions: { hero: [searchHero({ background: 'gradient', title: 'This page took a wrong turn' })], main: [c('Button', { label: 'Back to the docs', href: '/' })] } },
    },
    {
      header: header([c('Button', { label: 'Open the app', href: 'https://app.example.com', style: 'secondary' })]),
      footer: standardFooter('© Acme Cloud, Inc.'),
    },
  ),
};

const harbor: ThemeDef = {
  key: 'harbor',
  name: 'Harbor',
  tagline: 'Documentation layout with a permanent sidebar',
  summary: 'Navy and white, a sidebar menu on every page, and code-friendly articles.',
  description:
    'Harbor is a documentation theme: the navigation sits in a sidebar on every page, articles get a table of contents and dark code blocks, and the header keeps search one keystroke away. Monospace fonts are tuned for code samples.',
  bestFor: ['Developer documentation', 'APIs', 'Technical products'],
  industry: 'developer tools',
  theme: {
    colors: { primary: '#1e3a8a', accent: '#0ea5e9', fg: '#0f172a', bg: '#ffffff', muted: '#64748b', surface: '#f1f5f9', border: '#cbd5e1' },
    darkColors: { primary: '#93c5fd', accent: '#38bdf8', fg: '#e2e8f0', bg: '#020617', muted: '#94a3b8', surface: '#0f172a', border: '#1e293b' },
    fonts: { heading: 'IBM Plex Sans', body: 'IBM Plex Sans', code: 'IBM Plex Mono' },
    radius: { buttons: 'small', cards: 'small', inputs: 'small' },
    density: 'compact',
  },
  brand: { name: 'Harbor Developer Docs', tagline: 'Build on our platform' },
  meta: {
    title: 'Developer Documentation',
    description: 'API references, SDK guides and examples.',
    socialTitle: 'Developer Documentation',
    socialDescription: 'Everything developers need: references, guides and examples.',
  },
  syncedRegions: ['header', 'sidebar', 'footer'],
  navigation: [nav('Getting started', '/'), nav('API reference', '/categories/api', 'category'), nav('SDKs', '/categories/sdks', 'category'), nav('Changelog', '/categories/changelog', 'category')],
  scripts: [],
  customCss: [
    { label: 'Code blocks', css: 'pre, code {\n  font-size: 0.9em;\n}\npre {\n  border: 1px solid var(--hc-color-border);\n}\n', enabled: true },
  ],
  pages: withChrome(
    {
      home: { layout: 'sidebar-left', regions: { hero: [searchHero({ align: 'left', height: 'compact', title: 'Developer documentation' })], main: [c('CategoryGrid', { style: 'list', columns: 2 }), c('ArticleList', { title: 'Recently updated', source: 'recent', limit: 10 })] } },
      category: { layout: 'sidebar-left', regions: { main: [c('Breadcrumbs'), c('ArticleList', { title: 'Pages', source: 'category', limit: 15 })] } },
      article: { layout: 'sidebar-left', settings: { codeTheme: 'dark' }, regions: { main: [c('Breadcrumbs'), c('ArticleBody'), c('TableOfContents', { sticky: false }), c('ArticleMetadata', { showAuthor: false })] } },
      search: { layout: 'sidebar-left', regions: { main: [c('SearchBar'), c('ArticleList', { source: 'recent' })] } },
      contact: { layout: 'sidebar-left', regions: { main: [c('ContactForm', { title: 'Contact developer support' })] } },
      notFound: { layout: 'sidebar-left', regions: { main: [c('RichText', { markdown: '## 404\n\nThis page does not exist (any more).' }), c('SearchBar')] } },
    },
    {
      header: [c('Logo'), c('SearchBar', { size: 'small', showSuggestions: true }), c('LanguageSwitcher', { display: 'code' })],
      footer: standardFooter('© Harbor. Documentation licensed CC BY 4.0.'),
      headerConfig: { borderBottom: true, padding: 'compact' },
    },
  ),
};
for (const page of Object.values(harbor.pages)) page.regions.sidebar = [c('Navigation', { style: 'vertical', showCategories: true })];

const meadow: ThemeDef = {
  key: 'meadow',
  name: 'Meadow',
  tagline: 'Warm and rounded for consumer brands',
  summary: 'Soft greens, round shapes, big friendly buttons and a contact button everywhere.',
  description:
    'Meadow suits shops and consumer apps: an image hero, large rounded category cards with icons, a prominent contact button, and generous spacing. Texts are short and friendly.',
  bestFor: ['E-commerce', 'Consumer apps', 'Subscriptions'],
  industry: 'retail',
  theme: {
    colors: { primary: '#15803d', accent: '#f97316', fg: '#1c1917', bg: '#fffdf7', muted: '#78716c', surface: '#f0fdf4', border: '#d9f99d' },
    darkColors: { primary: '#4ade80', accent: '#fb923c', fg: '#f5f5f4', bg: '#0c140f', muted: '#a8a29e', surface: '#14241a', border: '#22392a' },
    fonts: { heading: 'Nunito', body: 'Nunito', code: 'ui-monospace' },
    radius: { buttons: 'full', cards: 'large', inputs: 'large' },
    density: 'spacious',
  },
  brand: { name: 'Meadow Support', tagline: 'We are here to help' },
  meta: {
    title: 'Customer Support',
    description: 'Orders, shipping, returns and your account: all the answers in one place.',
    socialTitle: 'Customer Support',
    socialDescription: 'Help with orders, shipping, returns and your account.',
  },
  syncedRegions: ['header', 'footer', 'utility'],
  navigation: [nav('Orders', '/categories/orders', 'category'), nav('Shipping', '/categories/shipping', 'category'), nav('Returns', '/categories/returns', 'category'), nav('Shop', 'https://shop.example.com', 'external')],
  scripts: [],
  customCss: [],
  pages: withChrome(
    {
      home: { layout: 'full', regions: { hero: [searchHero({ title: 'Hi! How can we help?', background: 'image', overlay: true })], main: [c('CategoryGrid', { columns: 3, showArticleCount: false }), c('ArticleList', { title: 'Top questions', source: 'promoted' }), c('Button', { label: 'Still stuck? Contact us' })] } },
      category: { layout: 'full', regions: { hero: [searchHero({ height: 'compact', title: 'Questions about this topic' }, [c('Breadcrumbs')])], main: [c('ArticleList', { title: 'Questions', source: 'category', limit: 15 })] } },
      article: { layout: 'narrow', regions: { main: [c('Breadcrumbs', { separator: 'slash' }), c('ArticleBody', { textSize: 'large' }), c('RelatedArticles', { limit: 3 }), c('Button', { label: 'Still need help? Contact us' })] } },
      search: { layout: 'full', regions: { hero: [searchHero({ height: 'compact', title: 'Search our help' })], main: [c('ArticleList', { title: 'Top questions', source: 'promoted' })] } },
      contact: { layout: 'narrow', settings: { searchFirst: true }, regions: { main: [c('ContactForm', { title: 'Message our team', requireName: true })] } },
      notFound: { layout: 'narrow', regions: { main: [c('RichText', { markdown: '## Oops, nothing here\n\nLet us get you back on track.', align: 'center' }), c('SearchBar'), c('Button', { label: 'Go to the help center', href: '/' })] } },
    },
    {
      header: header(),
      footer: standardFooter('© Meadow. Happy to help, every day.'),
      utility: [c('RichText', { markdown: 'Free returns within 30 days.', align: 'center', size: 'small' })],
    },
  ),
};
meadow.pages.article.regions.main!.splice(2, 0, c('ArticleMetadata', { showAuthor: false }));

const ledger: ThemeDef = {
  key: 'ledger',
  name: 'Ledger',
  tagline: 'Trustworthy and precise for regulated industries',
  summary: 'Serif headings, restrained colors, dense lists and clear article details.',
  description:
    'Ledger fits banks, insurers, health and legal services: serif headings, a restrained palette, visible update dates and authors on every article, and a sidebar with related reading. Search engines see a precise description.',
  bestFor: ['Finance', 'Insurance', 'Healthcare', 'Public services'],
  industry: 'finance',
  theme: {
    colors: { primary: '#0f3d3e', accent: '#b08d57', fg: '#1a1a1a', bg: '#fcfcfa', muted: '#5f6b6d', surface: '#f3f4f1', border: '#d6d9d4' },
    darkColors: { primary: '#7fb8b0', accent: '#d4b483', fg: '#ececec', bg: '#0d1414', muted: '#a3adae', surface: '#162020', border: '#263333' },
    fonts: { heading: 'Source Serif 4', body: 'Source Sans 3', code: 'ui-monospace' },
    radius: { buttons: 'small', cards: 'none', inputs: 'small' },
    density: 'compact',
  },
  brand: { name: 'Ledger Client Services', tagline: 'Clear answers about your accounts' },
  meta: {
    title: 'Client Services Help',
    description: 'Official answers about accounts, payments, statements and security.',
    socialTitle: 'Client Services Help',
    socialDescription: 'Accounts, payments, statements and security explained.',
  },
  syncedRegions: ['header', 'footer'],
  navigation: [nav('Accounts', '/categories/accounts', 'category'), nav('Payments', '/categories/payments', 'category'), nav('Security', '/categories/security', 'category'), nav('Contact', '/contact')],
  scripts: [],
  customCss: [{ label: 'Serif article headings', css: 'article h2, article h3 {\n  font-family: var(--hc-font-heading);\n  letter-spacing: 0.01em;\n}\n', enabled: true }],
  pages: withChrome(
    {
      home: { layout: 'full', regions: { hero: [searchHero({ align: 'left', title: 'How can we help you today?', subtitle: 'Search our official guidance.' })], main: [c('CategoryGrid', { style: 'list', columns: 2, showIcons: false }), c('ArticleList', { title: 'Most read', limit: 10 })] } },
      category: { layout: 'sidebar-right', regions: { hero: [searchHero({ align: 'left', height: 'compact', title: 'Topic' }, [c('Breadcrumbs', { separator: 'slash' })])], main: [c('ArticleList', { title: 'Articles', source: 'category', limit: 15, showExcerpt: true })], sidebar: [c('ArticleList', { title: 'Most read', limit: 5 })] } },
      article: { layout: 'sidebar-right', regions: { main: [c('Breadcrumbs', { separator: 'slash' }), c('ArticleBody'), c('ArticleMetadata', { showReadingTime: true })], sidebar: [c('TableOfContents', { depth: 2 }), c('RelatedArticles')] } },
      search: { layout: 'full', regions: { hero: [searchHero({ align: 'left', height: 'compact', title: 'Search' })], main: [c('ArticleList', { limit: 10 })] } },
      contact: { layout: 'full', regions: { hero: [searchHero({ align: 'left', height: 'compact', title: 'Contact client services' })], main: [c('RichText', { markdown: 'Never share your password or one-time codes, not even with us.' }), c('ContactForm', { requireName: true })] } },
      notFound: { layout: 'narrow', regions: { main: [c('RichText', { markdown: '## Page not found\n\nPlease check the address or search below.' }), c('SearchBar')] } },
    },
    { header: header(), footer: standardFooter('© Ledger. Regulated by the relevant authorities.'), headerConfig: { borderBottom: true } },
  ),
};

const midnight: ThemeDef = {
  key: 'midnight',
  name: 'Midnight',
  tagline: 'Dark, high-contrast and made for communities',
  summary: 'A dark-first look with neon accents, community links and a social footer.',
  description:
    'Midnight is dark by default with neon accents: great for games, creative tools and communities. The header links to your community, the home page shows what is new, and the footer carries your social profiles.',
  bestFor: ['Games', 'Communities', 'Creative tools'],
  industry: 'gaming',
  theme: {
    colors: { primary: '#22d3ee', accent: '#a3e635', fg: '#e5e7eb', bg: '#0a0a0f', muted: '#9ca3af', surface: '#14141c', border: '#27272a' },
    darkColors: { primary: '#22d3ee', accent: '#a3e635', fg: '#f4f4f5', bg: '#050508', muted: '#a1a1aa', surface: '#101016', border: '#1f1f24' },
    fonts: { heading: 'DM Sans', body: 'DM Sans', code: 'Fira Code' },
    radius: { buttons: 'medium', cards: 'large', inputs: 'medium' },
    density: 'comfortable',
  },
  brand: { name: 'Midnight Player Support', tagline: 'Level up your knowledge' },
  meta: {
    title: 'Player Support',
    description: 'Account help, troubleshooting and game guides.',
    socialTitle: 'Player Support',
    socialDescription: 'Get unstuck: account help, fixes and guides.',
  },
  syncedRegions: ['header', 'hero', 'footer'],
  navigation: [nav('Guides', '/'), nav('Community', 'https://community.example.com', 'external'), nav('Contact', '/contact')],
  scripts: [],
  customCss: [{ label: 'Neon focus rings', css: ':focus-visible {\n  outline: 2px solid var(--hc-color-primary);\n  outline-offset: 2px;\n}\n', enabled: true }],
  pages: withChrome(
    {
      home: { layout: 'full', regions: { main: [c('CategoryGrid', { style: 'tiles', columns: 4 }), c('ArticleList', { title: 'Patch notes', source: 'recent', showExcerpt: true })] } },
      category: { layout: 'full', regions: { main: [c('Breadcrumbs'), c('ArticleList', { title: 'Guides', source: 'category', limit: 15 })] } },
      article: { layout: 'sidebar-right', regions: { main: [c('Breadcrumbs'), c('ArticleBody'), c('ArticleMetadata')], sidebar: [c('TableOfContents'), c('RelatedArticles', { limit: 3 })] } },
      search: { layout: 'full', regions: { main: [c('ArticleList', { title: 'Trending', source: 'popular' })] } },
      contact: { layout: 'narrow', regions: { main: [c('ContactForm', { title: 'Open a ticket', submitLabel: 'Send ticket' })] } },
      notFound: { layout: 'narrow', regions: { main: [c('RichText', { markdown: '## Game over\n\nThis page respawned somewhere else. Try a search:', align: 'center' })] } },
    },
    { header: header([c('Button', { label: 'Join the community', href: 'https://community.example.com', style: 'secondary', openInNewTab: true })]), footer: standardFooter('© Midnight Studios.') },
  ),
};
// One synced hero for every page of Midnight (spec 4.12 sync_region).
for (const page of Object.values(midnight.pages)) page.regions.hero = [searchHero({ title: 'Need a hand, player?', height: 'compact', background: 'gradient' })];

export const THEMES: readonly ThemeDef[] = [classic, blank, aurora, harbor, meadow, ledger, midnight];
export const DEFAULT_THEME_KEY = 'classic';

export function findTheme(key: string): ThemeDef | undefined {
  return THEMES.find((t) => t.key === key);
}
