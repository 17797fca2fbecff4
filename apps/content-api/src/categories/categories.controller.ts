import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { htmlNotFound } from '@hc/contracts';
import { CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { IdParam, queryEnum, RedirectInvalidInput } from '@hc/http';
import { CategoriesService, ON_ORPHAN } from './categories.service';
import { readIdOrder } from './category-input';

function asObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @ApiOperation({ summary: 'List categories' })
  @Get()
  @Scopes('content.read')
  @RedirectInvalidInput()
  list(@CurrentSite() site: SiteContext, @Query() query: Record<string, unknown>) {
    return this.categories.list(site, query);
  }

  @ApiOperation({ summary: 'Create a category' })
  @Post()
  @Scopes('content.write')
  create(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.categories.create(site, asObject(body));
  }

  /** Declared before `:id` so `order` is never read as an id. */
  @ApiOperation({ summary: 'Order categories' })
  @Put('order')
  @Scopes('content.write')
  @HttpCode(200)
  reorder(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.categories.reorder(site, readIdOrder(body, 'categories'));
  }

  @ApiOperation({ summary: 'Change a category' })
  @Patch(':id')
  @Scopes('content.write')
  update(
    @CurrentSite() site: SiteContext,
    @IdParam('id', htmlNotFound) id: number,
    @Body() body: unknown,
  ) {
    return this.categories.update(site, id, asObject(body));
  }

  @ApiOperation({ summary: 'Delete a category' })
  @Delete(':id')
  @Scopes('content.write')
  async remove(
    @CurrentSite() site: SiteContext,
    @IdParam('id', htmlNotFound) id: number,
    @Query() query: Record<string, unknown>,
  ) {
    await this.categories.requireExisting(site, id);
    return this.categories.delete(site, id, queryEnum(query, 'on_orphan', ON_ORPHAN));
  }

  @ApiOperation({ summary: 'Order the articles of a category' })
  @Put(':id/articles/order')
  @Scopes('content.write')
  @HttpCode(200)
  async reorderArticles(
    @CurrentSite() site: SiteContext,
    @IdParam('id', htmlNotFound) id: number,
    @Body() body: unknown,
  ) {
    await this.categories.requireExisting(site, id);
    return this.categories.reorderArticles(site, id, readIdOrder(body, 'articles'));
  }
}
