import { componentDef } from '../catalog/components';
import { checkSetting } from '../catalog/settings';
import { renderCss } from '../document/css';
import { divergedRegions, walk } from '../document/tree';
import { PAGE_KEYS, REGION_KEYS } from '@hc/design';
import { buildDocument, THEME_SECTIONS } from './apply';
import { renderPageSvg } from './preview';
import { changedSections } from './theme-views';
import { THEMES } from './themes';

describe('themes (spec 2.9)', () => {
  it('offers at least six themes including blank', () => {
    expect(THEMES.length).toBeGreaterThanOrEqual(6);
    expect(THEMES.map((t) => t.key)).toContain('blank');
    expect(new Set(THEMES.map((t) => t.key)).size).toBe(THEMES.length);
  });

  it('blank has default colors and only ArticleMetadata on article and ContactForm on contact', () => {
    const classic = THEMES.find((t) => t.key === 'classic')!;
    const blank = buildDocument(
      THEMES.find((t) => t.key === 'blank')!,
      'X',
    );
    expect(blank.theme.colors).toEqual(classic.theme.colors);
    const placed = PAGE_KEYS.flatMap((p) =>
      REGION_KEYS.flatMap((r) =>
        [...walk(blank.pages[p].regions[r].components)].map((h) => `${p}.${r}.${h.component.type}`),
      ),
    );
    expect(placed).toEqual(['article.main.ArticleMetadata', 'contact.main.ContactForm']);
  });

  it.each(THEMES.map((t) => [t.key, t] as const))(
    '%s follows every rule of the component catalog',
    (_key, theme) => {
      const doc = buildDocument(theme, 'Site');
      expect(divergedRegions(doc)).toEqual([]);
      for (const page of PAGE_KEYS) {
        for (const region of REGION_KEYS) {
          const seen = new Set<string>();
          for (const { component, parent } of walk(doc.pages[page].regions[region].components)) {
            const def = componentDef(component.type)!;
            expect(def).toBeDefined();
            expect(def.pages).toContain(page);
            if (parent) expect(componentDef(parent.type)!.children).toContain(component.type);
            else expect(def.regions).toContain(region);
            if (def.oncePerRegion) {
              expect(seen.has(component.type)).toBe(false);
              seen.add(component.type);
            }
            for (const [k, v] of Object.entries(component.config)) {
              expect(def.settings[k]).toBeDefined();
              expect([k, checkSetting(def.settings[k], v)]).toEqual([k, null]);
            }
          }
        }
      }
      for (const item of doc.customCssItems) expect(renderCss(item.css).css).not.toBe('');
      expect(
        changedSections(theme, buildDocument(theme, theme.brand.name)).filter((s) => s !== 'meta'),
      ).toEqual([]);
      expect(renderPageSvg(theme, 'article')).toMatch(/^<svg[\s\S]*<\/svg>$/);
    },
  );

  it('every section name is offered', () => {
    expect(THEME_SECTIONS).toHaveLength(16);
  });
});
