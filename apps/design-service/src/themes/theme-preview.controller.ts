import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Public } from '@hc/auth';
import { htmlNotFound } from '@hc/contracts';
import { isPageKey } from '@hc/design';
import { renderPageSvg } from './preview';
import { findTheme } from './themes';

/** The theme pictures linked from `preview_image` and `screenshots` (public, like any image). */
@Controller('template/themes/:themeKey')
export class ThemePreviewController {
  @ApiOperation({ summary: 'Preview image of a theme' })
  @Get('preview.svg')
  @Public()
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  preview(@Param('themeKey') key: string) {
    const theme = findTheme(key);
    if (!theme) throw htmlNotFound();
    return renderPageSvg(theme, 'home');
  }

  @ApiOperation({ summary: 'Screenshot of a theme' })
  @Get('screenshots/:file')
  @Public()
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  screenshot(
    @Param('themeKey') key: string,
    @Param('file') file: string,
    @Query('mode') mode?: string,
  ) {
    const theme = findTheme(key);
    const page = file.replace(/\.svg$/, '');
    if (!theme || !file.endsWith('.svg') || !isPageKey(page)) throw htmlNotFound();
    return renderPageSvg(theme, page, mode === 'dark');
  }
}
