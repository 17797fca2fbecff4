import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { settings } from '@hc/contracts';
import { Public } from '@hc/auth';
import { articlePageParts } from '../pages/article-page.service';
import { PageRenderer } from '../serving/page-renderer';
import type { Subject } from '../render/context';
import { GateService, send } from '../site/gate.service';
import { PreviewService } from './preview.service';

const SPENT =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Preview expired</title>' +
  '<p>This preview link has expired or was already used. Open the preview again from the dashboard.</p></html>';

/**
 * Lets the dashboard's origin (and only it) frame this one answer: the preview's policy names it
 * in `frame-ancestors` where reader pages say `'self'`, and the legacy X-Frame-Options goes.
 */
function framedByDashboard(res: Response): void {
  const dashboard = new URL(settings().dashboardUrl).origin;
  res.removeHeader('X-Frame-Options');
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(
      name,
      name.toLowerCase() === 'content-security-policy'
        ? String(value).replace(/frame-ancestors [^;]*/, `frame-ancestors ${dashboard}`)
        : value,
    );
}

/**
 * The reader-site end of the dashboard's preview (issue 37): the hand-off URL renders the draft
 * or staged copy it was made for, with the site's design, on the reader origin. The URL is the
 * credential (no cookie works inside the dashboard's cross-site frame), spent on first use.
 */
@Controller()
@Public()
export class PreviewController {
  constructor(
    private readonly gate: GateService,
    private readonly previews: PreviewService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get(['hc/:subdomain/_preview/:token', '_preview/:token'])
  async show(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    res.setHeader('Referrer-Policy', 'no-referrer');
    // Suspension and the IP allow-list still apply; the site's visibility does not (the URL is
    // the team member's credential).
    const admitted = await this.gate.admit(req, res, { open: true });
    if (!admitted) return;
    const { site } = admitted;
    const previewed = await this.previews.spend(site.id, token, new Date());
    if (!previewed) return send(res, 410, SPENT);
    res.setHeader('X-Robots-Tag', 'noindex');
    framedByDashboard(res);
    if ('design' in previewed) {
      // Issue 39: the design draft (as it is now) on one page, for the design editor's frame.
      const page = previewed.design;
      const subject: Subject =
        page === 'contact'
          ? { kind: 'contact', sent: false, errors: [], values: {} }
          : { kind: page };
      const path = { ...admitted.path, lang: site.defaultLanguage, langPrefix: '', segments: [] };
      const shown = { ...admitted, path };
      const status = page === 'notFound' ? 404 : 200;
      return this.renderer.render(req, res, shown, page, subject, status, true);
    }
    const { article, translation } = previewed;
    const path = {
      ...admitted.path,
      lang: translation.lang,
      langPrefix: translation.lang === site.defaultLanguage ? '' : `/${translation.lang}`,
      segments: ['articles', String(article.id)],
    };
    const shown = { ...admitted, path };
    const { subject, extra } = await articlePageParts(req, shown, {
      article,
      translation,
      comments: [],
      accessQuery: '',
      notice: null,
      categories: () => this.previews.categories(site.id),
    });
    return this.renderer.render(req, res, shown, 'article', subject, 200, false, extra);
  }
}
