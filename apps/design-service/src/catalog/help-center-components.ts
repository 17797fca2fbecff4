// Components that show help-center content: categories, article lists, the article itself, contact.
import { leaf } from './component-def';
import type { ComponentDef } from './component-def';
import { choice, flag, heading } from './settings';

export const HELP_CENTER_COMPONENTS: ComponentDef[] = [
  {
    type: 'CategoryGrid',
    label: 'Category grid',
    description: 'The categories of the help center (or the subcategories on a category page).',
    ...leaf(['home', 'category'], ['main'], true),
    settings: {
      title: heading('Browse by topic'),
      style: choice(['cards', 'tiles', 'list'], 'cards', 'Presentation'),
      columns: { kind: 'enum', options: [2, 3, 4], default: 3, help: 'Columns' },
      showDescriptions: flag(true, 'Show category descriptions'),
      showArticleCount: flag(true, 'Show how many articles each holds'),
      showIcons: flag(true, 'Show category icons'),
    },
  },
  {
    type: 'ArticleList',
    label: 'Article list',
    description: 'A list of articles: popular, recent, promoted, or those of the current category.',
    ...leaf(['home', 'category', 'search', 'article', 'notFound'], ['main', 'sidebar'], false),
    settings: {
      title: heading('Popular articles'),
      source: choice(['popular', 'recent', 'promoted', 'category'], 'popular', 'Which articles'),
      limit: { kind: 'enum', options: [3, 5, 10, 15], default: 5, help: 'How many' },
      showExcerpt: flag(false, 'Show the first lines'),
    },
  },
  {
    type: 'ArticleBody',
    label: 'Article body',
    description: 'The article title and content.',
    ...leaf(['article'], ['main'], true),
    settings: {
      showTitle: flag(true, 'Show the title above the content'),
      textSize: choice(['standard', 'large'], 'standard', 'Body text size'),
      showFeedback: flag(true, 'Ask "Was this helpful?" under the article'),
    },
  },
  {
    type: 'ArticleMetadata',
    label: 'Article details',
    description: 'Author, last update and reading time of the article.',
    ...leaf(['article'], ['main', 'sidebar'], true),
    settings: {
      showAuthor: flag(true, 'Show the author'),
      showUpdatedAt: flag(true, 'Show the last update'),
      showReadingTime: flag(false, 'Show the reading time'),
    },
  },
  {
    type: 'TableOfContents',
    label: 'Table of contents',
    description: 'Links to the headings of the article.',
    ...leaf(['article'], ['main', 'sidebar'], true),
    settings: {
      title: heading('On this page', 120),
      depth: { kind: 'enum', options: [2, 3], default: 3, help: 'Deepest heading level listed' },
      sticky: flag(true, 'Stay visible while scrolling'),
    },
  },
  {
    type: 'Breadcrumbs',
    label: 'Breadcrumbs',
    description: 'The path from the home page to the current page.',
    ...leaf(['category', 'article', 'search'], ['hero', 'main'], true),
    settings: {
      showHome: flag(true, 'Start with the home page'),
      separator: choice(['slash', 'chevron', 'dot'], 'chevron', 'Separator'),
    },
  },
  {
    type: 'RelatedArticles',
    label: 'Related articles',
    description: 'Articles related to the current one.',
    ...leaf(['article'], ['main', 'sidebar'], true),
    settings: {
      title: heading('Related articles'),
      limit: { kind: 'enum', options: [3, 5, 8], default: 5, help: 'How many' },
    },
  },
  {
    type: 'ContactForm',
    label: 'Contact form',
    description: 'A form that sends the reader’s message to the team.',
    ...leaf(['contact'], ['main'], true),
    settings: {
      title: heading('Contact us'),
      intro: {
        kind: 'text',
        default: 'Tell us what you need and we will get back to you.',
        max: 500,
        translatable: true,
        help: 'Text above the form',
      },
      submitLabel: {
        kind: 'text',
        default: 'Send message',
        max: 60,
        translatable: true,
        help: 'Button text',
      },
      successMessage: {
        kind: 'text',
        default: 'Thanks! We will be in touch soon.',
        max: 300,
        translatable: true,
        help: 'Shown after sending',
      },
      showSubject: flag(true, 'Ask for a subject'),
      requireName: flag(false, 'Make the name mandatory'),
      suggestArticles: flag(true, 'Suggest articles while the reader types'),
    },
  },
];
