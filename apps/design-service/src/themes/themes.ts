// The theme presets (spec 2.9): palettes, type, shape, density, placeholder brand and SEO texts,
// navigation, custom CSS and the six pages. `classic` is what a new site starts from.
import type { ThemeDef } from './theme-def';
import { classic } from './presets/classic';
import { blank } from './presets/blank';
import { aurora } from './presets/aurora';
import { harbor } from './presets/harbor';
import { meadow } from './presets/meadow';
import { ledger } from './presets/ledger';
import { midnight } from './presets/midnight';

export type { ThemeDef } from './theme-def';
export { DEFAULT_COLORS, DEFAULT_DARK_COLORS } from './theme-def';

export const THEMES: readonly ThemeDef[] = [
  classic,
  blank,
  aurora,
  harbor,
  meadow,
  ledger,
  midnight,
];
export const DEFAULT_THEME_KEY = 'classic';

export function findTheme(key: string): ThemeDef | undefined {
  return THEMES.find((t) => t.key === key);
}
