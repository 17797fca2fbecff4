import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CommonErrorCode } from '@hc/contracts';
import { IdParam } from '@hc/http';
import { ApiKeysOnly, CountsAsWrite, CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { changeSetError, ChangeSetsService } from './change-sets.service';
import { ChangeSetsWorker } from './change-sets.worker';

const SetIdParam = () =>
  IdParam('id', () => changeSetError(CommonErrorCode.NotFound, 'Change set not found.'));

/** Change sets: API keys only (a token gets 401 `Unknown API key`); every call counts as a write. */
@Controller('change-sets')
@ApiKeysOnly()
export class ChangeSetsController {
  constructor(
    private readonly sets: ChangeSetsService,
    private readonly worker: ChangeSetsWorker,
  ) {}

  @Get()
  @Scopes('content.read')
  @CountsAsWrite()
  list(@CurrentSite() site: SiteContext, @Query() query: Record<string, unknown>) {
    return this.sets.list(site, query);
  }

  @Post()
  @Scopes('content.write')
  @HttpCode(201)
  create(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.sets.create(site, body);
  }

  @Get(':id')
  @Scopes('content.read')
  @CountsAsWrite()
  get(@CurrentSite() site: SiteContext, @SetIdParam() id: number) {
    return this.sets.get(site, id);
  }

  @Post(':id/items')
  @Scopes('content.write')
  @HttpCode(207)
  addItems(@CurrentSite() site: SiteContext, @SetIdParam() id: number, @Body() body: unknown) {
    return this.sets.addItems(site, id, body);
  }

  @Post(':id/publish')
  @Scopes('content.write')
  @HttpCode(202)
  async publish(@CurrentSite() site: SiteContext, @SetIdParam() id: number, @Body() body: unknown) {
    const result = await this.sets.publish(site, id, body);
    if (result.status === 'queued') this.worker.wake();
    return result;
  }
}
