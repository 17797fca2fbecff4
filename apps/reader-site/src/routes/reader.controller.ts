import { Controller, Get, Head, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@hc/auth';
import { IpRateLimit } from '@hc/http';
import { ActionsService } from '../activity/actions.service';
import { AgentDocumentsService } from '../agents/agent-documents.service';
import { ReaderService } from '../pages/reader.service';

/**
 * The reader's routes: pages are read with GET (and HEAD), forms post back to the same
 * addresses. Readers have no API credential, so every route is public; the site's own
 * visibility rules are applied by GateService. The two controllers below differ only in where
 * they are mounted.
 */
abstract class ReaderRoutes {
  protected constructor(
    private readonly pages: ReaderService,
    private readonly actions: ActionsService,
    private readonly agents: AgentDocumentsService,
  ) {}

  @Get(['{*path}'])
  page(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.read(req, res);
  }

  @Head(['{*path}'])
  head(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.read(req, res);
  }

  /** Documents for agents and search engines first (issue #26), else a reader page. */
  private async read(req: Request, res: Response): Promise<void> {
    if (await this.agents.serve(req, res)) return;
    return this.pages.get(req, res);
  }

  // Forms of readers on one address: enough for people, not for scripts filling them.
  @Post(['{*path}'])
  @IpRateLimit({ counter: 'reader-forms', limit: 60 })
  form(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.actions.post(req, res);
  }
}

/** Everything below `/hc/{subdomain}` (the edge's route). */
@Controller('hc')
@Public()
export class ReaderController extends ReaderRoutes {
  constructor(pages: ReaderService, actions: ActionsService, agents: AgentDocumentsService) {
    super(pages, actions, agents);
  }
}

/**
 * A site on its own domain (production routes site domains here by Host, docs/architecture.md):
 * the same pages at the root of the domain. Registered after ReaderController and the health
 * routes, so it only sees what they do not take.
 */
@Controller()
@Public()
export class SiteDomainController extends ReaderRoutes {
  constructor(pages: ReaderService, actions: ActionsService, agents: AgentDocumentsService) {
    super(pages, actions, agents);
  }
}
