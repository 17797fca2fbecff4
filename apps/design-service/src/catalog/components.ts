// The component catalog as data (issue #9): validation, GET /template/schema and the outline all
// read it. Each type says where it may go, whether it is unique in a region, what a container
// holds, its settings with offered values and defaults, and which texts are translatable.
import { PAGE_KEYS, REGION_KEYS } from '../document/types';
import type { PageKey, RegionKey } from '../document/types';
import type { SettingsDef } from './settings';

export interface ComponentDef {
  type: string;
  label: string;
  description: string;
  pages: readonly PageKey[];
  regions: readonly RegionKey[];
  oncePerRegion: boolean;
  /** Types a Hero or Container accepts as children (empty for other components). */
  children: readonly string[];
  /** Children a new instance starts with (a new Hero gets a SearchBar). */
  starterChildren: readonly string[];
  settings: SettingsDef;
}

const ALL_PAGES = PAGE_KEYS;
const ALL_REGIONS = REGION_KEYS;
const BODY_REGIONS: readonly RegionKey[] = ['hero', 'sidebar', 'main', 'footer', 'utility'];

const SIZE = ['small', 'medium', 'large'] as const;

const defs: ComponentDef[] = [
  {
    type: 'Hero',
    label: 'Hero',
    description: 'The large welcome band at the top of a page, usually holding the search bar.',
    pages: ALL_PAGES,
    regions: ['hero'],
    oncePerRegion: true,
    children: ['SearchBar', 'RichText', 'Button', 'Breadcrumbs'],
    starterChildren: ['SearchBar'],
    settings: {
      title: { kind: 'text', default: 'How can we help?', max: 200, translatable: true, help: 'Heading' },
      subtitle: { kind: 'text', default: '', max: 300, translatable: true, help: 'Line under the heading' },
      background: { kind: 'enum', options: ['color', 'gradient', 'image'], default: 'color', help: 'Background style' },
      backgroundImageAssetId: { kind: 'asset', default: null, help: 'Image id for the image background' },
      height: { kind: 'enum', options: ['compact', 'standard', 'tall'], default: 'standard', help: 'Band height' },
      align: { kind: 'enum', options: ['left', 'center'], default: 'center', help: 'Text alignment' },
      overlay: { kind: 'boolean', default: true, help: 'Darken the image so text stays readable' },
    },
  },
  {
    type: 'Container',
    label: 'Container',
    description: 'Groups components in a stack, a row or a grid.',
    pages: ALL_PAGES,
    regions: BODY_REGIONS,
    oncePerRegion: false,
    children: [
      'SearchBar', 'RichText', 'Image', 'Button', 'Divider', 'ArticleList', 'CategoryGrid',
      'SocialLinks', 'FooterLinks', 'LanguageSwitcher', 'Logo', 'RelatedArticles', 'TableOfContents',
    ],
    starterChildren: [],
    settings: {
      layout: { kind: 'enum', options: ['stack', 'row', 'grid'], default: 'stack', help: 'How children are arranged' },
      columns: { kind: 'enum', options: [1, 2, 3, 4], default: 2, help: 'Columns in grid layout' },
      gap: { kind: 'enum', options: SIZE, default: 'medium', help: 'Space between children' },
      background: { kind: 'color', default: null, help: 'Hex color or token' },
      maxWidth: { kind: 'enum', options: ['narrow', 'standard', 'wide', 'full'], default: 'standard', help: 'Width limit' },
    },
  },
  {
    type: 'SearchBar',
    label: 'Search bar',
    description: 'Searches published articles as the reader types.',
    pages: ALL_PAGES,
    regions: ['header', 'hero', 'sidebar', 'main'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      placeholder: { kind: 'text', default: 'Search articles…', max: 120, translatable: true, help: 'Placeholder text' },
      size: { kind: 'enum', options: SIZE, default: 'large', help: 'Field size' },
      showSuggestions: { kind: 'boolean', default: true, help: 'Suggest articles while typing' },
    },
  },
  {
    type: 'Logo',
    label: 'Logo',
    description: 'The brand logo (brand.logoAssetId, dark mode brand.darkLogoAssetId) and name.',
    pages: ALL_PAGES,
    regions: ['header', 'footer'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      showImage: { kind: 'boolean', default: true, help: 'Show the logo image' },
      showName: { kind: 'boolean', default: true, help: 'Show brand.name next to it' },
      size: { kind: 'enum', options: SIZE, default: 'medium', help: 'Logo height' },
      linkTo: { kind: 'enum', options: ['helpCenter', 'website'], default: 'helpCenter', help: 'Where a click goes' },
    },
  },
  {
    type: 'Navigation',
    label: 'Navigation menu',
    description: 'The menu of globals.navigation.',
    pages: ALL_PAGES,
    regions: ['header', 'footer', 'sidebar'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      style: { kind: 'enum', options: ['horizontal', 'dropdown', 'vertical'], default: 'horizontal', help: 'Menu style' },
      showCategories: { kind: 'boolean', default: false, help: 'Append top-level categories' },
    },
  },
  {
    type: 'CategoryGrid',
    label: 'Category grid',
    description: 'The categories of the help center (or the subcategories on a category page).',
    pages: ['home', 'category'],
    regions: ['main'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      title: { kind: 'text', default: 'Browse by topic', max: 200, translatable: true, help: 'Heading' },
      style: { kind: 'enum', options: ['cards', 'tiles', 'list'], default: 'cards', help: 'Presentation' },
      columns: { kind: 'enum', options: [2, 3, 4], default: 3, help: 'Columns' },
      showDescriptions: { kind: 'boolean', default: true, help: 'Show category descriptions' },
      showArticleCount: { kind: 'boolean', default: true, help: 'Show how many articles each holds' },
      showIcons: { kind: 'boolean', default: true, help: 'Show category icons' },
    },
  },
  {
    type: 'ArticleList',
    label: 'Article list',
    description: 'A list of articles: popular, recent, promoted, or those of the current category.',
    pages: ['home', 'category', 'search', 'article', 'notFound'],
    regions: ['main', 'sidebar'],
    oncePerRegion: false,
    children: [],
    starterChildren: [],
    settings: {
      title: { kind: 'text', default: 'Popular articles', max: 200, translatable: true, help: 'Heading' },
      source: { kind: 'enum', options: ['popular', 'recent', 'promoted', 'category'], default: 'popular', help: 'Which articles' },
      limit: { kind: 'enum', options: [3, 5, 10, 15], default: 5, help: 'How many' },
      showExcerpt: { kind: 'boolean', default: false, help: 'Show the first lines' },
    },
  },
  {
    type: 'ArticleBody',
    label: 'Article body',
    description: 'The article title and content.',
    pages: ['article'],
    regions: ['main'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      showTitle: { kind: 'boolean', default: true, help: 'Show the title above the content' },
      textSize: { kind: 'enum', options: ['standard', 'large'], default: 'standard', help: 'Body text size' },
      showFeedback: { kind: 'boolean', default: true, help: 'Ask "Was this helpful?" under the article' },
    },
  },
  {
    type: 'ArticleMetadata',
    label: 'Article details',
    description: 'Author, last update and reading time of the article.',
    pages: ['article'],
    regions: ['main', 'sidebar'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      showAuthor: { kind: 'boolean', default: true, help: 'Show the author' },
      showUpdatedAt: { kind: 'boolean', default: true, help: 'Show the last update' },
      showReadingTime: { kind: 'boolean', default: false, help: 'Show the reading time' },
    },
  },
  {
    type: 'TableOfContents',
    label: 'Table of contents',
    description: 'Links to the headings of the article.',
    pages: ['article'],
    regions: ['main', 'sidebar'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      title: { kind: 'text', default: 'On this page', max: 120, translatable: true, help: 'Heading' },
      depth: { kind: 'enum', options: [2, 3], default: 3, help: 'Deepest heading level listed' },
      sticky: { kind: 'boolean', default: true, help: 'Stay visible while scrolling' },
    },
  },
  {
    type: 'Breadcrumbs',
    label: 'Breadcrumbs',
    description: 'The path from the home page to the current page.',
    pages: ['category', 'article', 'search'],
    regions: ['hero', 'main'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      showHome: { kind: 'boolean', default: true, help: 'Start with the home page' },
      separator: { kind: 'enum', options: ['slash', 'chevron', 'dot'], default: 'chevron', help: 'Separator' },
    },
  },
  {
    type: 'RelatedArticles',
    label: 'Related articles',
    description: 'Articles related to the current one.',
    pages: ['article'],
    regions: ['main', 'sidebar'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      title: { kind: 'text', default: 'Related articles', max: 200, translatable: true, help: 'Heading' },
      limit: { kind: 'enum', options: [3, 5, 8], default: 5, help: 'How many' },
    },
  },
  {
    type: 'ContactForm',
    label: 'Contact form',
    description: 'A form that sends the reader’s message to the team.',
    pages: ['contact'],
    regions: ['main'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      title: { kind: 'text', default: 'Contact us', max: 200, translatable: true, help: 'Heading' },
      intro: { kind: 'text', default: 'Tell us what you need and we will get back to you.', max: 500, translatable: true, help: 'Text above the form' },
      submitLabel: { kind: 'text', default: 'Send message', max: 60, translatable: true, help: 'Button text' },
      successMessage: { kind: 'text', default: 'Thanks! We will be in touch soon.', max: 300, translatable: true, help: 'Shown after sending' },
      showSubject: { kind: 'boolean', default: true, help: 'Ask for a subject' },
      requireName: { kind: 'boolean', default: false, help: 'Make the name mandatory' },
      suggestArticles: { kind: 'boolean', default: true, help: 'Suggest articles while the reader types' },
    },
  },
  {
    type: 'RichText',
    label: 'Text',
    description: 'Markdown text; spaces and line breaks are kept.',
    pages: ALL_PAGES,
    regions: ALL_REGIONS,
    oncePerRegion: false,
    children: [],
    starterChildren: [],
    settings: {
      markdown: { kind: 'markdown', default: '', max: 20000, translatable: true, help: 'Markdown' },
      align: { kind: 'enum', options: ['left', 'center'], default: 'left', help: 'Alignment' },
      size: { kind: 'enum', options: ['small', 'standard', 'large'], default: 'standard', help: 'Text size' },
    },
  },
  {
    type: 'Image',
    label: 'Image',
    description: 'An uploaded image, optionally linked.',
    pages: ALL_PAGES,
    regions: BODY_REGIONS,
    oncePerRegion: false,
    children: [],
    starterChildren: [],
    settings: {
      assetId: { kind: 'asset', default: null, help: 'Image id' },
      alt: { kind: 'text', default: '', max: 255, translatable: true, help: 'Alternative text' },
      width: { kind: 'enum', options: ['small', 'medium', 'full'], default: 'full', help: 'Width' },
      href: { kind: 'url', default: '', help: 'Link target' },
    },
  },
  {
    type: 'Button',
    label: 'Button',
    description: 'A call to action.',
    pages: ALL_PAGES,
    regions: ALL_REGIONS,
    oncePerRegion: false,
    children: [],
    starterChildren: [],
    settings: {
      label: { kind: 'text', default: 'Contact support', max: 80, translatable: true, help: 'Button text' },
      href: { kind: 'url', default: '/contact', help: 'Link target' },
      style: { kind: 'enum', options: ['primary', 'secondary', 'link'], default: 'primary', help: 'Look' },
      openInNewTab: { kind: 'boolean', default: false, help: 'Open in a new tab' },
    },
  },
  {
    type: 'LanguageSwitcher',
    label: 'Language switcher',
    description: 'Lets readers pick one of the site’s languages.',
    pages: ALL_PAGES,
    regions: ['header', 'footer', 'utility', 'sidebar'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      display: { kind: 'enum', options: ['name', 'code'], default: 'name', help: 'Show names or codes' },
      style: { kind: 'enum', options: ['dropdown', 'list'], default: 'dropdown', help: 'Presentation' },
    },
  },
  {
    type: 'FooterLinks',
    label: 'Footer links',
    description: 'A titled column of links.',
    pages: ALL_PAGES,
    regions: ['footer', 'utility', 'sidebar'],
    oncePerRegion: false,
    children: [],
    starterChildren: [],
    settings: {
      title: { kind: 'text', default: 'Resources', max: 120, translatable: true, help: 'Column heading' },
      links: { kind: 'links', max: 20, default: [], help: 'Up to 20 {label, href}' },
    },
  },
  {
    type: 'SocialLinks',
    label: 'Social links',
    description: 'Icons linking to the brand’s social profiles.',
    pages: ALL_PAGES,
    regions: ['header', 'footer', 'sidebar', 'utility'],
    oncePerRegion: true,
    children: [],
    starterChildren: [],
    settings: {
      links: { kind: 'social', max: 10, default: [], help: 'Up to 10 {network, url}' },
      style: { kind: 'enum', options: ['icons', 'labels'], default: 'icons', help: 'Icons or names' },
    },
  },
  {
    type: 'Divider',
    label: 'Divider',
    description: 'A line or some space between components.',
    pages: ALL_PAGES,
    regions: BODY_REGIONS,
    oncePerRegion: false,
    children: [],
    starterChildren: [],
    settings: {
      style: { kind: 'enum', options: ['line', 'space'], default: 'line', help: 'A line or blank space' },
      spacing: { kind: 'enum', options: SIZE, default: 'medium', help: 'Space around it' },
    },
  },
];

export const COMPONENT_CATALOG: ReadonlyMap<string, ComponentDef> = new Map(defs.map((d) => [d.type, d]));
export const COMPONENT_TYPES: readonly string[] = defs.map((d) => d.type);

export function componentDef(type: string): ComponentDef | undefined {
  return COMPONENT_CATALOG.get(type);
}

export function isContainer(def: ComponentDef): boolean {
  return def.children.length > 0;
}

/** The translatable setting keys of a type. */
export function translatableKeys(type: string): string[] {
  const def = componentDef(type);
  if (!def) return [];
  return Object.entries(def.settings)
    .filter(([, s]) => (s.kind === 'text' || s.kind === 'markdown') && s.translatable)
    .map(([k]) => k);
}
