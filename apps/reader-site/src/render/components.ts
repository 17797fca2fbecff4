// One renderer per component type of the design catalog (apps/design-service/src/catalog);
// defaults here match the catalog's, for documents stored before a setting existed.
import { markdownToHtml, sanitizeHtml, slugify } from '@hc/content';
import { settings } from '@hc/contracts';
import type { ArticleSummary, CategoryRow, CommentRow } from '../data/content.repository';
import {
  articlePath,
  categoryName,
  categoryPath,
  designHref,
  link,
  RenderContext,
  setting,
} from './context';
import type { Component, NavItem } from '../data/design-document';
import { esc, h, Html, join, raw, safeColor, safeHref } from './html';
import { categoryIcon } from './icons';
import { articleHtml, headingsOf, tooLargeToDisplay, TOO_LARGE_TO_DISPLAY } from './article-html';

export { headingsOf, MAX_HEADING_ANCHORS, readerHtml } from './article-html';

type Renderer = (ctx: RenderContext, comp: Component) => Promise<Html | string>;

const slug = (s: string) => slugify(s);

export async function renderComponents(
  ctx: RenderContext,
  list: Component[] | undefined,
): Promise<Html> {
  const parts = await Promise.all((list ?? []).map((comp) => renderComponent(ctx, comp)));
  return raw(parts.join(''));
}

export async function renderComponent(ctx: RenderContext, comp: Component): Promise<string> {
  const render = RENDERERS[comp.type];
  if (!render) return '';
  const inner = await render(ctx, comp);
  if (inner === '') return '';
  const visible =
    comp.visibleOn === 'desktop'
      ? ' hc-desktop-only'
      : comp.visibleOn === 'mobile'
        ? ' hc-mobile-only'
        : '';
  return h(
    'div',
    {
      class: `hc-c hc-${comp.type}${visible}`,
      'data-hc-instance-id': comp.id,
      'data-hc-component': comp.type,
    },
    inner,
  ).value;
}

function heading(text: string, level = 2): Html | null {
  return text ? h(`h${level}`, { class: 'hc-heading' }, text) : null;
}

function articleItems(ctx: RenderContext, list: ArticleSummary[], excerpt: boolean): Html {
  return h(
    'ul',
    { class: 'hc-article-list' },
    list.map((a) =>
      h(
        'li',
        {},
        h('a', { href: link(ctx, articlePath(a)) }, a.title),
        excerpt && a.excerpt ? h('p', { class: 'hc-excerpt' }, a.excerpt) : null,
      ),
    ),
  );
}

const RENDERERS: Record<string, Renderer> = {
  async Hero(ctx, comp) {
    const title = setting(ctx, comp, 'title', 'How can we help?');
    const subtitle = setting(ctx, comp, 'subtitle', '');
    const align = setting(ctx, comp, 'align', 'center');
    const height = setting(ctx, comp, 'height', 'standard');
    const background = setting(ctx, comp, 'background', 'color');
    let style = '';
    const assetId = comp.config?.backgroundImageAssetId;
    if (background === 'image' && typeof assetId === 'number') {
      const url = (await ctx.data.imageUrls([assetId])).get(assetId);
      if (url) style = `background-image:url("${encodeURI(url)}")`;
    }
    return h(
      'div',
      {
        class: `hc-hero hc-hero-${esc(height)} hc-align-${esc(align)} hc-bg-${esc(background)}`,
        style: style || null,
      },
      heading(String(title), 1),
      subtitle ? h('p', { class: 'hc-subtitle' }, String(subtitle)) : null,
      await renderComponents(ctx, comp.children),
    );
  },

  async Container(ctx, comp) {
    const layout = setting(ctx, comp, 'layout', 'stack');
    const columns = Number(setting(ctx, comp, 'columns', 2)) || 2;
    const gap = setting(ctx, comp, 'gap', 'medium');
    const width = setting(ctx, comp, 'maxWidth', 'standard');
    const bg = safeColor(comp.config?.background);
    return h(
      'div',
      {
        class: `hc-container hc-layout-${esc(layout)} hc-gap-${esc(gap)} hc-width-${esc(width)}`,
        style: `--hc-columns:${columns}${bg ? `;background:${bg}` : ''}`,
      },
      await renderComponents(ctx, comp.children),
    );
  },

  async SearchBar(ctx, comp) {
    const placeholder = setting(ctx, comp, 'placeholder', ctx.texts.t('search.placeholder'));
    const size = setting(ctx, comp, 'size', 'large');
    const value = ctx.subject.kind === 'search' ? ctx.subject.query : '';
    const id = `q-${comp.id}`;
    return h(
      'form',
      {
        class: `hc-search hc-size-${esc(size)}`,
        role: 'search',
        method: 'get',
        action: link(ctx, '/search'),
      },
      h('label', { for: id, class: 'hc-visually-hidden' }, ctx.texts.t('search.button')),
      h('input', {
        id,
        type: 'search',
        name: 'q',
        value,
        placeholder: String(placeholder),
        maxlength: 190,
      }),
      h('button', { type: 'submit' }, ctx.texts.t('search.button')),
    );
  },

  async Logo(ctx, comp) {
    const brand = ctx.doc.brand ?? {};
    const name = brand.name || ctx.site.name;
    const showImage = setting(ctx, comp, 'showImage', true);
    const showName = setting(ctx, comp, 'showName', true);
    const href =
      setting(ctx, comp, 'linkTo', 'helpCenter') === 'website' && brand.websiteUrl
        ? safeHref(brand.websiteUrl)
        : link(ctx, '/');
    let img: Html | null = null;
    if (showImage && typeof brand.logoAssetId === 'number') {
      const dark = typeof brand.darkLogoAssetId === 'number' ? brand.darkLogoAssetId : null;
      const urls = await ctx.data.imageUrls(
        dark === null ? [brand.logoAssetId] : [brand.logoAssetId, dark],
      );
      const url = urls.get(brand.logoAssetId);
      const darkUrl = dark === null ? undefined : urls.get(dark);
      if (url) {
        const tag = h('img', {
          src: url,
          alt: showName ? '' : name,
          class: `hc-logo-img hc-size-${esc(setting(ctx, comp, 'size', 'medium'))}`,
        });
        // The dark-mode logo (brand.darkLogoAssetId) where the reader prefers dark.
        img = darkUrl
          ? h(
              'picture',
              {},
              h('source', { srcset: darkUrl, media: '(prefers-color-scheme: dark)' }),
              tag,
            )
          : tag;
      }
    }
    return h(
      'a',
      { href, class: 'hc-logo' },
      img,
      showName || !img ? h('span', { class: 'hc-brand-name' }, name) : null,
    );
  },

  async Navigation(ctx, comp) {
    const style = setting(ctx, comp, 'style', 'horizontal');
    const items = ctx.doc.globals?.navigation ?? [];
    const label = (item: NavItem) =>
      ctx.translations[ctx.lang]?.[`navigation.${item.id}.label`] ?? item.label;
    const li = (item: NavItem): Html =>
      h(
        'li',
        { class: item.cssClass ?? null },
        h(
          'a',
          { href: designHref(ctx, item.href), rel: item.type === 'external' ? 'noopener' : null },
          label(item),
        ),
        item.children?.length ? h('ul', {}, item.children.map(li)) : null,
      );
    const extra: Html[] = [];
    if (setting(ctx, comp, 'showCategories', false)) {
      for (const c of (await ctx.data.categories()).filter((x) => x.parentId === null)) {
        extra.push(
          h(
            'li',
            {},
            h('a', { href: link(ctx, categoryPath(ctx, c, slug)) }, categoryName(ctx, c)),
          ),
        );
      }
    }
    if (items.length === 0 && extra.length === 0) return '';
    return h(
      'nav',
      { class: `hc-nav hc-nav-${esc(style)}`, 'aria-label': 'Main' },
      h('ul', {}, items.map(li), extra),
    );
  },

  async RichText(ctx, comp) {
    let md = String(setting(ctx, comp, 'markdown', ''));
    if (!md && ctx.page === 'notFound' && comp.id.startsWith('default-')) md = '';
    if (!md.trim()) return '';
    const align = setting(ctx, comp, 'align', 'left');
    const size = setting(ctx, comp, 'size', 'standard');
    return h(
      'div',
      { class: `hc-richtext hc-align-${esc(align)} hc-text-${esc(size)}` },
      raw(storedHtml(ctx, markdownToHtml(md))),
    );
  },

  async Image(ctx, comp) {
    const id = comp.config?.assetId;
    if (typeof id !== 'number') return '';
    const url = (await ctx.data.imageUrls([id])).get(id);
    if (!url) return '';
    const img = h('img', {
      src: url,
      alt: String(setting(ctx, comp, 'alt', '')),
      loading: 'lazy',
      class: `hc-img hc-width-${esc(setting(ctx, comp, 'width', 'full'))}`,
    });
    const href = setting(ctx, comp, 'href', '');
    return href ? h('a', { href: designHref(ctx, href) }, img) : img;
  },

  async Button(ctx, comp) {
    const newTab = setting(ctx, comp, 'openInNewTab', false);
    return h(
      'a',
      {
        class: `hc-button hc-button-${esc(setting(ctx, comp, 'style', 'primary'))}`,
        href: designHref(ctx, setting(ctx, comp, 'href', '/contact')),
        target: newTab ? '_blank' : null,
        rel: newTab ? 'noopener' : null,
      },
      String(setting(ctx, comp, 'label', 'Contact support')),
    );
  },

  async LanguageSwitcher(ctx, comp) {
    const languages = ctx.languages;
    if (languages.length < 2) return '';
    const display = setting(ctx, comp, 'display', 'name');
    const name = (code: string) => (display === 'code' ? code : languageName(code));
    const href = (code: string) =>
      `${ctx.base}${code === ctx.site.defaultLanguage ? '' : `/${code}`}${ctx.path === '/' ? '' : ctx.path}` ||
      '/';
    return h(
      'nav',
      { class: 'hc-languages', 'aria-label': ctx.texts.t('header.language') },
      h(
        'ul',
        {},
        languages.map((code) =>
          h(
            'li',
            {},
            h(
              'a',
              {
                href: href(code),
                hreflang: code,
                lang: code,
                'aria-current': code === ctx.lang ? 'true' : null,
              },
              name(code),
            ),
          ),
        ),
      ),
    );
  },

  async FooterLinks(ctx, comp) {
    const links = Array.isArray(comp.config?.links)
      ? (comp.config.links as Array<{ label?: string; href?: string }>)
      : [];
    const title = String(setting(ctx, comp, 'title', 'Resources'));
    return h(
      'div',
      { class: 'hc-footer-links' },
      heading(title, 2),
      links.length
        ? h(
            'ul',
            {},
            links.map((l) => h('li', {}, h('a', { href: designHref(ctx, l.href) }, l.label ?? ''))),
          )
        : null,
    );
  },

  async SocialLinks(ctx, comp) {
    const links = Array.isArray(comp.config?.links)
      ? (comp.config.links as Array<{ network?: string; url?: string }>)
      : [];
    if (links.length === 0) return '';
    return h(
      'ul',
      { class: 'hc-social' },
      links.map((l) =>
        h('li', {}, h('a', { href: safeHref(l.url), rel: 'noopener' }, l.network ?? 'link')),
      ),
    );
  },

  async Divider(ctx, comp) {
    return setting(ctx, comp, 'style', 'line') === 'line'
      ? h('hr', { class: `hc-divider hc-space-${esc(setting(ctx, comp, 'spacing', 'medium'))}` })
      : h('div', { class: `hc-spacer hc-space-${esc(setting(ctx, comp, 'spacing', 'medium'))}` });
  },

  async CategoryGrid(ctx, comp) {
    const all = await ctx.data.categories();
    const parent = ctx.subject.kind === 'category' ? ctx.subject.category.id : null;
    const list = all.filter((c) => c.parentId === parent);
    if (list.length === 0) return '';
    const counts = await ctx.data.counts();
    const showDescriptions = setting(ctx, comp, 'showDescriptions', true);
    const showCount = setting(ctx, comp, 'showArticleCount', true);
    const showIcons = setting(ctx, comp, 'showIcons', true);
    const title =
      parent === null
        ? String(setting(ctx, comp, 'title', ctx.texts.t('home.browse_categories')))
        : ctx.texts.t('category.subcategories');
    return h(
      'section',
      {
        class: `hc-categories hc-style-${esc(setting(ctx, comp, 'style', 'cards'))}`,
        style: `--hc-columns:${Number(setting(ctx, comp, 'columns', 3)) || 3}`,
      },
      heading(title, 2),
      h(
        'ul',
        {},
        list.map((c: CategoryRow) =>
          h(
            'li',
            { class: 'hc-card' },
            showIcons ? categoryIcon(c.icon) : null,
            h('a', { href: link(ctx, categoryPath(ctx, c, slug)) }, categoryName(ctx, c)),
            showDescriptions && (c.description[ctx.lang] ?? c.description[ctx.site.defaultLanguage])
              ? h('p', {}, c.description[ctx.lang] ?? c.description[ctx.site.defaultLanguage])
              : null,
            showCount
              ? h(
                  'p',
                  { class: 'hc-count' },
                  ctx.texts.plural('category.articles_count', counts.get(c.id) ?? 0),
                )
              : null,
          ),
        ),
      ),
    );
  },

  async ArticleList(ctx, comp) {
    const source = setting(ctx, comp, 'source', 'popular');
    const limit = Number(setting(ctx, comp, 'limit', 5)) || 5;
    const excerpt = Boolean(setting(ctx, comp, 'showExcerpt', false));
    if (source === 'category') {
      if (ctx.subject.kind !== 'category') return '';
      const list = ctx.subject.articles;
      const title = categoryName(ctx, ctx.subject.category);
      return h(
        'section',
        { class: 'hc-articles' },
        heading(title, 2),
        list.length ? articleItems(ctx, list, excerpt) : h('p', {}, ctx.texts.t('category.empty')),
      );
    }
    const list = await ctx.data.list(source === 'recent' ? 'recent' : 'popular', limit);
    if (list.length === 0) return '';
    const title = String(setting(ctx, comp, 'title', ctx.texts.t('home.popular_articles')));
    return h(
      'section',
      { class: 'hc-articles' },
      heading(title, 2),
      articleItems(ctx, list, excerpt),
    );
  },

  async ArticleBody(ctx, comp) {
    return articleBody(ctx, comp);
  },

  async ArticleMetadata(ctx, comp) {
    if (ctx.subject.kind !== 'article') return '';
    const { article, translation } = ctx.subject;
    const items: Html[] = [];
    if (setting(ctx, comp, 'showAuthor', true) && article.authorName)
      items.push(h('li', {}, ctx.texts.t('article.written_by', { name: article.authorName })));
    if (setting(ctx, comp, 'showUpdatedAt', true)) {
      const date = article.updatedAt.toISOString().slice(0, 10);
      items.push(
        h(
          'li',
          {},
          raw(
            esc(ctx.texts.t('article.last_updated', { date: '\u0000' })).replace(
              '\u0000',
              h('time', { datetime: date }, date).value,
            ),
          ),
        ),
      );
    }
    if (setting(ctx, comp, 'showReadingTime', false)) {
      const words = wordCount(translation.searchText);
      items.push(h('li', {}, readingTime(ctx, Math.max(1, Math.round(words / 200)))));
    }
    return items.length ? h('ul', { class: 'hc-meta' }, items) : '';
  },

  async TableOfContents(ctx, comp) {
    if (ctx.subject.kind !== 'article') return '';
    const depth = Number(setting(ctx, comp, 'depth', 3)) === 2 ? 2 : 3;
    const content = ctx.subject.translation.content;
    if (tooLargeToDisplay(content)) return '';
    const headings = headingsOf(content, depth);
    if (headings.length === 0) return '';
    return h(
      'nav',
      {
        class: 'hc-toc',
        'aria-label': String(setting(ctx, comp, 'title', ctx.texts.t('article.table_of_contents'))),
      },
      heading(String(setting(ctx, comp, 'title', ctx.texts.t('article.table_of_contents'))), 2),
      h(
        'ul',
        {},
        headings.map((x) =>
          h('li', { class: `hc-toc-${x.level}` }, h('a', { href: `#${x.id}` }, x.text)),
        ),
      ),
    );
  },

  async Breadcrumbs(ctx, comp) {
    const crumbs: Array<{ label: string; href: string | null }> = [];
    if (setting(ctx, comp, 'showHome', true))
      crumbs.push({ label: ctx.texts.t('header.home'), href: link(ctx, '/') });
    const cats = await ctx.data.categories();
    const chain = (id: number | null) => {
      const out: CategoryRow[] = [];
      for (
        let c = cats.find((x) => x.id === id);
        c && out.length < 10;
        c = cats.find((x) => x.id === c!.parentId)
      )
        out.unshift(c);
      return out;
    };
    const s = ctx.subject;
    if (s.kind === 'category') {
      for (const c of chain(s.category.id))
        crumbs.push({ label: categoryName(ctx, c), href: link(ctx, categoryPath(ctx, c, slug)) });
    } else if (s.kind === 'article') {
      for (const c of chain(s.article.categoryId))
        crumbs.push({ label: categoryName(ctx, c), href: link(ctx, categoryPath(ctx, c, slug)) });
      crumbs.push({ label: s.translation.title, href: null });
    } else if (s.kind === 'search') {
      crumbs.push({ label: ctx.texts.t('search.button'), href: null });
    }
    if (crumbs.length < 2) return '';
    const last = crumbs.length - 1;
    return h(
      'nav',
      {
        class: `hc-breadcrumbs hc-sep-${esc(setting(ctx, comp, 'separator', 'chevron'))}`,
        'aria-label': 'Breadcrumb',
      },
      h(
        'ol',
        {},
        crumbs.map((c, i) =>
          h(
            'li',
            {},
            c.href && i !== last
              ? h('a', { href: c.href }, c.label)
              : h('span', { 'aria-current': 'page' }, c.label),
          ),
        ),
      ),
    );
  },

  async RelatedArticles(ctx, comp) {
    if (ctx.subject.kind !== 'article') return '';
    const list = await ctx.data.related(Number(setting(ctx, comp, 'limit', 5)) || 5);
    if (list.length === 0) return '';
    return h(
      'section',
      { class: 'hc-related' },
      heading(String(setting(ctx, comp, 'title', ctx.texts.t('article.related'))), 2),
      articleItems(ctx, list, false),
    );
  },

  async ContactForm(ctx, comp) {
    return contactForm(ctx, comp);
  },
};

/**
 * Stored HTML (articles, RichText) as readers get it: through the allow-list of `sanitizeHtml`,
 * unless the operator allowed unsafe HTML for this site (issue #14); either way only on the
 * reader origin.
 */
export function storedHtml(ctx: RenderContext, html: string): string {
  return ctx.site.allowUnsafeHtml ? html : sanitizeHtml(html, settings().embedHosts);
}

/** The CSRF field every state-changing reader form carries (issue #14). */
function csrfInput(ctx: RenderContext): Html {
  return h('input', { type: 'hidden', name: 'csrf', value: ctx.csrf });
}

/**
 * The article's HTML as readers get it, converted once per content (`articleHtml`); past the
 * size cap a notice instead, and the article is not parsed at all (issue 34).
 */
function articleContent(ctx: RenderContext, content: string): Html {
  const html = articleHtml(content, ctx.site.allowUnsafeHtml);
  if (html === null)
    return h('div', { class: 'hc-content' }, h('p', { role: 'status' }, TOO_LARGE_TO_DISPLAY));
  return h('div', { class: 'hc-content' }, raw(html));
}

export async function articleBody(ctx: RenderContext, comp: Component): Promise<Html | string> {
  if (ctx.subject.kind !== 'article') return '';
  const { article, translation, comments, accessQuery, notice, replyTo } = ctx.subject;
  const action = `${link(ctx, articlePath({ id: article.id, slug: translation.slug }))}`;
  const showFeedback = setting(ctx, comp, 'showFeedback', true);
  const feedback = showFeedback
    ? h(
        'section',
        { id: 'hc-feedback', class: 'hc-feedback', 'aria-labelledby': 'hc-feedback-q' },
        notice === 'rated'
          ? h('p', { role: 'status' }, ctx.texts.t('feedback.thanks'))
          : h(
              'form',
              { method: 'post', action: `${action}/feedback${accessQuery}` },
              h('h2', { id: 'hc-feedback-q' }, ctx.texts.t('feedback.question')),
              h('input', { type: 'hidden', name: 'lang', value: ctx.lang }),
              csrfInput(ctx),
              h(
                'button',
                { type: 'submit', name: 'rating', value: 'thumbs_up' },
                ctx.texts.t('feedback.yes'),
              ),
              h(
                'button',
                { type: 'submit', name: 'rating', value: 'thumbs_down' },
                ctx.texts.t('feedback.no'),
              ),
              h(
                'button',
                { type: 'submit', name: 'rating', value: 'love' },
                ctx.texts.t('feedback.love'),
              ),
            ),
      )
    : null;
  return h(
    'article',
    {
      class: `hc-article hc-text-${esc(setting(ctx, comp, 'textSize', 'standard'))}`,
      lang: ctx.lang,
    },
    setting(ctx, comp, 'showTitle', true) ? h('h1', {}, translation.title) : null,
    articleContent(ctx, translation.content),
    feedback,
    commentSection(ctx, action, accessQuery, comments, notice, replyTo),
  );
}

function commentSection(
  ctx: RenderContext,
  action: string,
  accessQuery: string,
  comments: CommentRow[],
  notice: string | null,
  replyTo: CommentRow | null,
): Html {
  const replyHref = (id: number) =>
    `${action}${accessQuery ? `${accessQuery}&` : '?'}reply_to=${id}#hc-comment-form`;
  const byParent = new Map<number | null, CommentRow[]>();
  const ids = new Set(comments.map((c) => c.id));
  for (const c of comments) {
    const key = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), c]);
  }
  const thread = (parent: number | null, depth: number): Html | null => {
    const list = byParent.get(parent);
    if (!list?.length || depth > 8) return null;
    return h(
      'ol',
      { class: 'hc-comments-list' },
      list.map((c) =>
        h(
          'li',
          { id: `comment-${c.id}` },
          h(
            'p',
            { class: 'hc-comment-author' },
            h('strong', {}, c.authorName),
            ' ',
            h(
              'time',
              { datetime: c.createdAt.toISOString() },
              c.createdAt.toISOString().slice(0, 10),
            ),
          ),
          h('p', { class: 'hc-comment-text' }, raw(esc(c.body).replace(/\r?\n/g, '<br>'))),
          h('a', { href: replyHref(c.id), class: 'hc-reply' }, ctx.texts.t('comments.reply')),
          thread(c.id, depth + 1),
        ),
      ),
    );
  };
  const field = (name: string, label: string, input: Html) =>
    h('p', {}, h('label', { for: `hc-comment-${name}` }, label), input);
  return h(
    'section',
    { id: 'hc-comments', class: 'hc-comments', 'aria-labelledby': 'hc-comments-title' },
    h('h2', { id: 'hc-comments-title' }, ctx.texts.t('comments.title')),
    thread(null, 0) ?? h('p', {}, ctx.texts.t('comments.empty')),
    notice === 'comment-pending'
      ? h('p', { role: 'status' }, ctx.texts.t('comments.pending'))
      : null,
    notice?.startsWith('comment-error:')
      ? h('p', { role: 'alert', class: 'hc-error' }, notice.slice('comment-error:'.length))
      : null,
    h(
      'form',
      {
        method: 'post',
        action: `${action}/comments${accessQuery}`,
        class: 'hc-comment-form',
        id: 'hc-comment-form',
      },
      h('input', { type: 'hidden', name: 'lang', value: ctx.lang }),
      csrfInput(ctx),
      replyTo
        ? [
            h('input', { type: 'hidden', name: 'parent_id', value: replyTo.id }),
            h('p', {}, `${ctx.texts.t('comments.reply')}: ${replyTo.authorName}`),
          ]
        : null,
      field(
        'name',
        ctx.texts.t('comments.name'),
        h('input', {
          id: 'hc-comment-name',
          name: 'name',
          required: true,
          maxlength: 191,
          autocomplete: 'name',
        }),
      ),
      field(
        'email',
        ctx.texts.t('comments.email'),
        h('input', {
          id: 'hc-comment-email',
          name: 'email',
          type: 'email',
          required: true,
          maxlength: 191,
          autocomplete: 'email',
        }),
      ),
      field(
        'text',
        ctx.texts.t('comments.text'),
        h('textarea', {
          id: 'hc-comment-text',
          name: 'text',
          required: true,
          maxlength: 5000,
          rows: 4,
        }),
      ),
      h('button', { type: 'submit' }, ctx.texts.t('comments.submit')),
    ),
  );
}

export async function contactForm(ctx: RenderContext, comp: Component): Promise<Html | string> {
  if (ctx.subject.kind !== 'contact') return '';
  const { sent, errors, values } = ctx.subject;
  const title = String(setting(ctx, comp, 'title', ctx.texts.t('contact.title')));
  if (sent) {
    return h(
      'section',
      { class: 'hc-contact' },
      heading(title, 1),
      h(
        'p',
        { role: 'status' },
        String(setting(ctx, comp, 'successMessage', ctx.texts.t('contact.sent'))),
      ),
    );
  }
  const requireName = Boolean(setting(ctx, comp, 'requireName', false));
  const input = (name: string, label: string, attrs: Record<string, string | number | boolean>) =>
    h(
      'p',
      {},
      h('label', { for: `hc-contact-${name}` }, label),
      h('input', { id: `hc-contact-${name}`, name, value: values[name] ?? '', ...attrs }),
    );
  return h(
    'section',
    { class: 'hc-contact' },
    heading(title, 1),
    h('p', {}, String(setting(ctx, comp, 'intro', ctx.texts.t('contact.intro')))),
    errors.length
      ? h(
          'ul',
          { role: 'alert', class: 'hc-error' },
          errors.map((e) => h('li', {}, e)),
        )
      : null,
    h(
      'form',
      { method: 'post', action: link(ctx, '/contact') },
      h('input', { type: 'hidden', name: 'lang', value: ctx.lang }),
      csrfInput(ctx),
      h('input', { type: 'hidden', name: 'require_name', value: requireName ? '1' : '0' }),
      input('name', ctx.texts.t('comments.name'), {
        maxlength: 191,
        autocomplete: 'name',
        required: requireName,
      }),
      input('email', ctx.texts.t('comments.email'), {
        type: 'email',
        maxlength: 191,
        required: true,
        autocomplete: 'email',
      }),
      setting(ctx, comp, 'showSubject', true)
        ? input('subject', 'Subject', { maxlength: 191 })
        : null,
      h(
        'p',
        {},
        h('label', { for: 'hc-contact-message' }, ctx.texts.t('comments.text')),
        h(
          'textarea',
          { id: 'hc-contact-message', name: 'message', required: true, maxlength: 5000, rows: 6 },
          values.message ?? '',
        ),
      ),
      h(
        'button',
        { type: 'submit' },
        String(setting(ctx, comp, 'submitLabel', ctx.texts.t('contact.send'))),
      ),
    ),
  );
}

export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

export { join };

/** Words of a text, counted without splitting it (a 16 MB article's text is no array). */
function wordCount(text: string): number {
  const word = /\S+/g;
  let words = 0;
  while (word.exec(text)) words++;
  return words;
}

function readingTime(ctx: RenderContext, minutes: number): string {
  return ctx.texts.plural('article.reading_time', minutes, { minutes });
}
