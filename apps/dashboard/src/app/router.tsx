import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { requestContext } from '../api/client';
import type { Session } from '../api/contract';
import { ArticlesScreen } from '../articles/ArticlesScreen';
import { EditorRoute } from '../articles/EditorRoute';
import { articlesSearch, newArticleSearch } from '../articles/search';
import { analyticsSearch } from '../analytics/search';
import { moderationSearch } from '../moderation/search';
import { reviewsSearch } from '../review/search';
import { auditSearch } from '../audit/search';
import { NotFound } from '../ui/NotFound';
import { pagingSearch } from '../ui/paging';
import { translationsSearch } from '../translations/search';
import { webhooksSearch } from '../webhooks/search';
import { Shell } from './Shell';

// Screens other than the articles list load when first opened.

export interface RouterContext {
  session: Session;
  queries: QueryClient;
}

/**
 * The app's routes (mounted under /app). Each feature folder holds its screens; this file only
 * places them. A route's search params (filters, sort, page) are validated here, so a shared or
 * reloaded URL shows the same list.
 */
const root = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <NotFound />,
});

const home = createRoute({
  getParentRoute: () => root,
  path: '/',
  beforeLoad: ({ context }) => {
    const first = context.session.sites[0];
    if (first) throw redirect({ to: '/sites/$siteId', params: { siteId: String(first.id) } });
  },
  // Issue 38: a person with no site yet (just signed up) creates their first one here.
  component: lazyRouteComponent(() => import('../account/FirstSiteScreen'), 'FirstSiteScreen'),
});

// Issue 38: the person's connected apps (spec 5.2), account-level like the first-site screen.
const connectedApps = createRoute({
  getParentRoute: () => root,
  path: '/account/connected-apps',
  component: lazyRouteComponent(
    () => import('../account/ConnectedAppsScreen'),
    'ConnectedAppsScreen',
  ),
});

const site = createRoute({
  getParentRoute: () => root,
  path: '/sites/$siteId',
  beforeLoad: ({ context, params }) => {
    const found = context.session.sites.find((s) => String(s.id) === params.siteId);
    if (!found) throw redirect({ to: '/' });
    // Every request now acts on this site; nothing read for another site may show here.
    if (requestContext.siteId !== found.id) {
      requestContext.siteId = found.id;
      context.queries.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    }
    return { site: found };
  },
  component: Shell,
});

// Issue 39 item 8: a site opens on its Home, the work waiting for the person's role.
const siteHome = createRoute({
  getParentRoute: () => site,
  path: '/',
  component: lazyRouteComponent(() => import('../home/HomeScreen'), 'HomeScreen'),
});

const articles = createRoute({
  getParentRoute: () => site,
  path: '/articles',
  validateSearch: articlesSearch,
  component: ArticlesScreen,
});

const newArticle = createRoute({
  getParentRoute: () => site,
  path: '/articles/new',
  validateSearch: newArticleSearch,
  component: EditorRoute,
});

const article = createRoute({
  getParentRoute: () => site,
  path: '/articles/$articleId',
  component: EditorRoute,
});

const categories = createRoute({
  getParentRoute: () => site,
  path: '/categories',
  component: lazyRouteComponent(() => import('../categories/CategoriesScreen'), 'CategoriesScreen'),
});

const trash = createRoute({
  getParentRoute: () => site,
  path: '/trash',
  validateSearch: pagingSearch,
  component: lazyRouteComponent(() => import('../trash/TrashScreen'), 'TrashScreen'),
});

const images = createRoute({
  getParentRoute: () => site,
  path: '/images',
  validateSearch: pagingSearch,
  component: lazyRouteComponent(() => import('../images/ImagesScreen'), 'ImagesScreen'),
});

const exportRoute = createRoute({
  getParentRoute: () => site,
  path: '/export',
  component: lazyRouteComponent(() => import('../export/ExportScreen'), 'ExportScreen'),
});

const translations = createRoute({
  getParentRoute: () => site,
  path: '/translations',
  validateSearch: translationsSearch,
  component: lazyRouteComponent(
    () => import('../translations/TranslationsScreen'),
    'TranslationsScreen',
  ),
});

const translate = createRoute({
  getParentRoute: () => site,
  path: '/translations/$articleId/$lang',
  component: lazyRouteComponent(() => import('../translations/TranslateScreen'), 'TranslateScreen'),
});

const moderation = createRoute({
  getParentRoute: () => site,
  path: '/moderation',
  validateSearch: moderationSearch,
  component: lazyRouteComponent(() => import('../moderation/ModerationScreen'), 'ModerationScreen'),
});

const settings = createRoute({
  getParentRoute: () => site,
  path: '/settings',
  component: lazyRouteComponent(() => import('../settings/SettingsScreen'), 'SettingsScreen'),
});

const designDraft = createRoute({
  getParentRoute: () => site,
  path: '/design/$draftId',
  component: lazyRouteComponent(() => import('../design/DesignScreen'), 'DesignDraftScreen'),
});

const customizer = createRoute({
  getParentRoute: () => site,
  path: '/customizer',
  component: lazyRouteComponent(() => import('../design/DesignScreen'), 'CustomizerScreen'),
});

const team = createRoute({
  getParentRoute: () => site,
  path: '/team',
  component: lazyRouteComponent(() => import('../team/TeamScreen'), 'TeamScreen'),
});

const keys = createRoute({
  getParentRoute: () => site,
  path: '/keys',
  component: lazyRouteComponent(() => import('../keys/KeysScreen'), 'KeysScreen'),
});

const webhooks = createRoute({
  getParentRoute: () => site,
  path: '/webhooks',
  validateSearch: webhooksSearch,
  component: lazyRouteComponent(() => import('../webhooks/WebhooksScreen'), 'WebhooksScreen'),
});

const audit = createRoute({
  getParentRoute: () => site,
  path: '/audit',
  validateSearch: auditSearch,
  component: lazyRouteComponent(() => import('../audit/AuditScreen'), 'AuditScreen'),
});

const analytics = createRoute({
  getParentRoute: () => site,
  path: '/analytics',
  validateSearch: analyticsSearch,
  component: lazyRouteComponent(() => import('../analytics/AnalyticsScreen'), 'AnalyticsScreen'),
});

// Issue 39 item 7: review requests waiting for me, those I asked for, all of them.
const reviews = createRoute({
  getParentRoute: () => site,
  path: '/reviews',
  validateSearch: reviewsSearch,
  component: lazyRouteComponent(() => import('../review/ReviewsScreen'), 'ReviewsScreen'),
});

export const routeTree = root.addChildren([
  home,
  connectedApps,
  site.addChildren([
    siteHome,
    articles,
    newArticle,
    article,
    categories,
    trash,
    images,
    exportRoute,
    translations,
    translate,
    moderation,
    settings,
    designDraft,
    customizer,
    team,
    keys,
    webhooks,
    audit,
    analytics,
    reviews,
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: '/app',
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
