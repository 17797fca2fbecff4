/** What two reads of GET /v1/analytics/content give the comparison. */
export interface ViewsRead {
  articles: readonly { id: number; title: string | null; views: number }[];
  /** Every viewed article of the range was read (no page left). */
  complete: boolean;
}

export interface DecliningArticle {
  id: number;
  title: string | null;
  before: number;
  /** Views in the range; with `atMost`, an upper bound (the article was not on the pages read). */
  now: number;
  atMost: boolean;
  change: number;
  /** The change against `before`, in percent (negative). */
  percent: number;
}

/**
 * The articles whose views fell from the previous period to this one, the largest fall first.
 * The candidates are the articles read for the previous period (its most viewed); an article
 * missing from this period's pages had no views in it when those pages were all, else at most
 * as many as the least viewed article read (the figure is then shown as "at most").
 */
export function decliningArticles(before: ViewsRead, now: ViewsRead, limit = 25) {
  const current = new Map(now.articles.map((a) => [a.id, a.views]));
  const floor = now.complete ? 0 : Math.min(...now.articles.map((a) => a.views));
  const out: DecliningArticle[] = [];
  for (const a of before.articles) {
    const seen = current.get(a.id);
    const views = seen ?? floor;
    if (views >= a.views) continue;
    out.push({
      id: a.id,
      title: now.articles.find((n) => n.id === a.id)?.title ?? a.title,
      before: a.views,
      now: views,
      atMost: seen === undefined && !now.complete,
      change: views - a.views,
      percent: Math.round(((views - a.views) / a.views) * 1000) / 10,
    });
  }
  return out
    .sort((x, y) => x.change - y.change || x.percent - y.percent || x.id - y.id)
    .slice(0, limit);
}
