import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { fold } from '@hc/content';
import type { SnippetPart } from '@hc/content';
import type { Admitted } from '../site/gate.service';
import { ContentRepository } from '../data/content.repository';
import { queryString } from '../http/reader-request';
import { siteStamp } from '../serving/page-cache';
import { RenderBudget } from '../serving/render-budget';
import { articlePath } from '../render/context';

/** Results an instant answer lists (the search page lists spec 4.4's 15). */
export const INSTANT_MAX = 8;
const QUERY_MAX = 190;
/** The instant cache's bounds: entries per process, and how long one answers. */
export const INSTANT_CACHE_ENTRIES = 2000;
const INSTANT_TTL_MS = 30_000;

interface InstantAnswer {
  query: string;
  results: { title: string; url: string; snippet: SnippetPart[] }[];
  did_you_mean: string | null;
}

/**
 * Issue 40: instant results for the reader search box, `{lang}/search/instant?q=` on the reader
 * origin. The gate has admitted the reader (private, password, IP allow-list and suspended sites
 * answer as their pages do), the answer is counted against its own allowance of the reader
 * budget, and it is kept in a small cache of its own (never the page cache), per site stamp (a
 * content change makes a new stamp), language and folded query. Keystrokes are not searches:
 * only the search page records one.
 */
@Injectable()
export class InstantSearchService {
  private readonly cache = new Map<string, { at: number; answer: InstantAnswer }>();

  constructor(
    private readonly content: ContentRepository,
    private readonly budget: RenderBudget,
  ) {}

  async answer(req: Request, res: Response, admitted: Admitted): Promise<void> {
    const { site, path } = admitted;
    const lang = path.lang!;
    const raw = queryString(req, 'q') ?? '';
    const query = [...raw.trim()].slice(0, QUERY_MAX).join('');
    res.setHeader('Cache-Control', 'private, no-store');
    if (!query) {
      res.status(200).json({ query, results: [], did_you_mean: null } satisfies InstantAnswer);
      return;
    }
    const key = `${site.id} ${siteStamp(site)} ${lang} ${fold(query)}`;
    const kept = this.cache.get(key);
    if (kept && Date.now() - kept.at < INSTANT_TTL_MS) {
      res.status(200).json(kept.answer);
      return;
    }
    if (!(await this.budget.admitInstant(req, res))) return;
    const requireEnglish = site.defaultLanguage !== 'en';
    const found = await this.content.search(site.id, lang, query, requireEnglish, INSTANT_MAX);
    let didYouMean: string | null = null;
    if (found.corrected && found.results.length < INSTANT_MAX) {
      const better = await this.content.search(
        site.id,
        lang,
        found.corrected,
        requireEnglish,
        INSTANT_MAX,
      );
      if (better.results.length > found.results.length) didYouMean = found.corrected;
    }
    const langBase = `${path.base}${path.langPrefix}`;
    const answer: InstantAnswer = {
      query,
      results: found.results.map((a) => ({
        title: a.title,
        url: `${langBase}${articlePath(a)}`,
        snippet: a.snippet ?? [],
      })),
      did_you_mean: didYouMean,
    };
    if (this.cache.size >= INSTANT_CACHE_ENTRIES) {
      // the oldest entry goes (a Map keeps insertion order)
      this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, { at: Date.now(), answer });
    res.status(200).json(answer);
  }
}
