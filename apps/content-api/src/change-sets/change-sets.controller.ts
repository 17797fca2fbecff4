import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { CommonErrorCode } from '@hc/contracts';
import { IdParam, wrapSuccess } from '@hc/http';
import { ChangeSetsQuery, changeSetsPaging } from './dto/change-sets-query.dto';
import { ApiKeysOnly, CountsAsWrite, CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { changeSetError, ChangeSetsService } from './change-sets.service';
import { ChangeSetsWorker } from './change-sets.worker';
import {
  AddChangeSetItemsDto,
  CreateChangeSetDto,
  PublishChangeSetDto,
} from './dto/change-set.dto';
import { ContentRead, ContentWrite } from '../http/content-routes';

const SetIdParam = () =>
  IdParam('id', () => changeSetError(CommonErrorCode.NotFound, 'Change set not found.'));

/** Change sets: API keys only (a token gets 401 `Unknown API key`); every call counts as a write. */
@Controller('change-sets')
@ApiKeysOnly()
@CountsAsWrite()
export class ChangeSetsController {
  constructor(
    private readonly sets: ChangeSetsService,
    private readonly worker: ChangeSetsWorker,
  ) {}

  @ContentRead(Get(), 'List change sets')
  async list(@CurrentSite() site: SiteContext, @Query() query: ChangeSetsQuery) {
    return wrapSuccess(await this.sets.list(site, changeSetsPaging(query)));
  }

  @ContentWrite(Post(), 'Create a change set')
  @ApiBody({ type: CreateChangeSetDto, required: false })
  @HttpCode(201)
  async create(@CurrentSite() site: SiteContext, @Body() body: CreateChangeSetDto) {
    return wrapSuccess(await this.sets.create(site, body));
  }

  @ContentRead(Get(':id'), 'Read a change set')
  async get(@CurrentSite() site: SiteContext, @SetIdParam() id: number) {
    return wrapSuccess(await this.sets.get(site, id));
  }

  @ContentWrite(Post(':id/items'), 'Add staged changes to a change set')
  @HttpCode(207)
  addItems(
    @CurrentSite() site: SiteContext,
    @SetIdParam() id: number,
    @Body() body: AddChangeSetItemsDto,
  ) {
    return this.sets.addItems(site, id, body);
  }

  @ContentWrite(Post(':id/publish'), 'Publish or schedule a change set')
  @ApiBody({ type: PublishChangeSetDto, required: false })
  @HttpCode(202)
  async publish(
    @CurrentSite() site: SiteContext,
    @SetIdParam() id: number,
    @Body() body: PublishChangeSetDto,
  ) {
    const result = await this.sets.publish(site, id, body);
    if (result.status === 'queued') this.worker.wake();
    return result;
  }
}
