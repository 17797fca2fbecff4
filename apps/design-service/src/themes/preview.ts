// Theme previews and screenshots: SVG wireframes drawn from the theme's own palette and page
// anatomy, so every picture matches what applying the theme gives.
import { componentDef } from '../catalog/components';
import type { PageKey } from '@hc/design';
import type { Blueprint } from './blueprints';
import type { ThemeDef } from './themes';

const W = 640;
const RADIUS: Record<string, number> = { none: 0, small: 3, medium: 6, large: 12, full: 18 };

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function label(bp: Blueprint): string {
  const title = bp.config?.title ?? bp.config?.label;
  const name = componentDef(bp.type)?.label ?? bp.type;
  return typeof title === 'string' ? `${name}: ${title}` : name;
}

/** One page of a theme as an SVG wireframe (light palette). */
export function renderPageSvg(theme: ThemeDef, page: PageKey, dark = false): string {
  const colors = dark ? theme.theme.darkColors : theme.theme.colors;
  const bp = theme.pages[page];
  const r = RADIUS[theme.theme.radius.cards] ?? 6;
  const parts: string[] = [];
  let y = 0;
  const block = (h: number, fill: string, text?: string, fg = colors.fg, x = 0, w = W) => {
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`);
    if (text)
      parts.push(
        `<text x="${x + 16}" y="${y + h / 2 + 5}" font-size="13" fill="${fg}">${esc(text)}</text>`,
      );
  };
  // Header
  const header = bp.regions.header ?? [];
  if (header.length) {
    block(48, colors.surface, header.map((c) => componentDef(c.type)?.label ?? c.type).join(' · '));
    parts.push(`<rect x="0" y="${y + 47}" width="${W}" height="1" fill="${colors.border}"/>`);
    y += 48;
  }
  // Hero
  for (const hero of bp.regions.hero ?? []) {
    const tall =
      hero.config?.height === 'tall' ? 150 : hero.config?.height === 'compact' ? 80 : 120;
    const fill = hero.config?.background === 'gradient' ? 'url(#g)' : colors.primary;
    block(tall, fill, String(hero.config?.title ?? 'How can we help?'), '#ffffff');
    if ((hero.children ?? []).some((c) => c.type === 'SearchBar')) {
      parts.push(
        `<rect x="${W / 2 - 150}" y="${y + tall - 40}" width="300" height="26" rx="${RADIUS[theme.theme.radius.inputs] ?? 4}" fill="#ffffff" stroke="${colors.border}"/>`,
      );
    }
    y += tall;
  }
  // Body: main with optional sidebar
  const main = bp.regions.main ?? [];
  const sidebar = bp.regions.sidebar ?? [];
  const top = y + 16;
  const hasSidebar = sidebar.length > 0 && bp.layout !== 'full';
  const sideX = bp.layout === 'sidebar-left' ? 16 : W - 176;
  const mainX = hasSidebar && bp.layout === 'sidebar-left' ? 192 : 16;
  const mainW = hasSidebar ? W - 208 : W - 32;
  let my = top;
  for (const c of main) {
    const h = c.type === 'CategoryGrid' ? 110 : c.type === 'ArticleBody' ? 140 : 40;
    parts.push(
      `<rect x="${mainX}" y="${my}" width="${mainW}" height="${h}" rx="${r}" fill="${colors.surface}" stroke="${colors.border}"/>`,
    );
    parts.push(
      `<text x="${mainX + 12}" y="${my + 22}" font-size="12" fill="${colors.fg}">${esc(label(c))}</text>`,
    );
    my += h + 10;
  }
  let sy = top;
  if (hasSidebar) {
    for (const c of sidebar) {
      parts.push(
        `<rect x="${sideX}" y="${sy}" width="160" height="60" rx="${r}" fill="${colors.surface}" stroke="${colors.border}"/>`,
      );
      parts.push(
        `<text x="${sideX + 10}" y="${sy + 22}" font-size="11" fill="${colors.muted}">${esc(componentDef(c.type)?.label ?? c.type)}</text>`,
      );
      sy += 70;
    }
  }
  y = Math.max(my, sy, top + 40);
  const footer = bp.regions.footer ?? [];
  if (footer.length) {
    block(
      56,
      colors.surface,
      footer.map((c) => componentDef(c.type)?.label ?? c.type).join(' · '),
      colors.muted,
    );
    y += 56;
  }
  const height = Math.max(y, 240);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="${esc(theme.theme.fonts.body)}, sans-serif">` +
    `<title>${esc(`${theme.name}: ${page} page`)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.primary}"/><stop offset="1" stop-color="${colors.accent}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${height}" fill="${colors.bg}"/>` +
    parts.join('') +
    '</svg>'
  );
}
