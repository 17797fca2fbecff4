import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { htmlNotFound } from '@hc/contracts';
import { Ctx, CurrentSite, isDashboardSession } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { IdParam, PageQuery, pagingOf, RedirectInvalidInput, wrapSuccess } from '@hc/http';
import { CategoriesService } from './categories.service';
import { CategoryOrderService } from './category-order.service';
import { toCategoryInput } from './category-input';
import {
  ArticleOrderDto,
  CategoryOrderDto,
  CreateCategoryDto,
  UpdateCategoryDto,
} from './dto/category.dto';
import { DeleteCategoryQuery } from './dto/delete-category-query.dto';
import { ContentRead, ContentWrite } from '../http/content-routes';

@Controller('categories')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly order: CategoryOrderService,
  ) {}

  @ContentRead(Get(), 'List categories')
  @RedirectInvalidInput()
  async list(@CurrentSite() site: SiteContext, @Query() query: PageQuery) {
    return wrapSuccess(await this.categories.list(site, pagingOf(query, 100)));
  }

  @ContentWrite(Post(), 'Create a category')
  async create(@CurrentSite() site: SiteContext, @Body() body: CreateCategoryDto) {
    return wrapSuccess(await this.categories.create(site, toCategoryInput(body, site, true)));
  }

  /** Declared before `:id` so `order` is never read as an id. */
  @ContentWrite(Put('order'), 'Order categories')
  @HttpCode(200)
  async reorder(@CurrentSite() site: SiteContext, @Body() body: CategoryOrderDto) {
    return wrapSuccess(await this.order.reorder(site, body.ids()));
  }

  @ContentWrite(Patch(':id'), 'Change a category')
  async update(
    @CurrentSite() site: SiteContext,
    @IdParam('id', htmlNotFound) id: number,
    @Body() body: UpdateCategoryDto,
  ) {
    await this.categories.requireExisting(site, id);
    return wrapSuccess(await this.categories.update(site, id, toCategoryInput(body, site, false)));
  }

  @ContentWrite(Delete(':id'), 'Delete a category')
  async remove(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', htmlNotFound) id: number,
    @Query() query: DeleteCategoryQuery,
  ) {
    await this.categories.requireExisting(site, id);
    return wrapSuccess(
      await this.categories.delete(site, id, query.on_orphan, isDashboardSession(ctx)),
    );
  }

  @ContentWrite(Put(':id/articles/order'), 'Order the articles of a category')
  @HttpCode(200)
  async reorderArticles(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', htmlNotFound) id: number,
    @Body() body: ArticleOrderDto,
  ) {
    await this.categories.requireExisting(site, id);
    // Spec 6: reordering in the dashboard sends article.updated per changed article.
    return wrapSuccess(
      await this.order.reorderArticles(site, id, body.ids(), isDashboardSession(ctx)),
    );
  }
}
