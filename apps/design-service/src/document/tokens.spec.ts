import { findTheme } from '../themes/themes';
import { renderCss } from './css';
import { themeCss } from './tokens';

describe('theme tokens as CSS variables', () => {
  it('gives every color token for light and dark, fonts, radius and density', () => {
    const css = themeCss(findTheme('harbor')!.theme);
    expect(css).toContain('--hc-color-primary: #1e3a8a;');
    expect(css).toContain('--hc-color-bg: #020617;');
    expect(css).toContain('--hc-font-code: "IBM Plex Mono", monospace;');
    expect(css).toContain('--hc-radius-cards: 4px;');
    expect(css).toContain('--hc-space-unit: 6px;');
    expect(renderCss(css).removed).toEqual([]);
  });
});
