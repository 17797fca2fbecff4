// The theme as CSS custom properties: the names the schema guide promises to custom CSS
// (`--hc-color-*`, `--hc-font-*`, `--hc-radius-*`, `--hc-space-unit`). The reader site puts this
// in front of the compiled `customCss`.
import { COLOR_TOKENS } from '@hc/design';
import type { ThemeSettings } from '@hc/design';

const RADIUS_PX: Record<string, string> = {
  none: '0',
  small: '4px',
  medium: '8px',
  large: '14px',
  full: '9999px',
};
const SPACE_UNIT: Record<ThemeSettings['density'], string> = {
  compact: '6px',
  comfortable: '8px',
  spacious: '10px',
};

function fontStack(font: string, fallback: string): string {
  return /^(system-ui|ui-monospace)$/.test(font)
    ? `${font}, ${fallback}`
    : `"${font}", ${fallback}`;
}

function declarations(theme: ThemeSettings, dark: boolean): string[] {
  const colors = dark ? theme.darkColors : theme.colors;
  return COLOR_TOKENS.map((t) => `--hc-color-${t}: ${colors[t]};`);
}

export function themeCss(theme: ThemeSettings): string {
  const shared = [
    `--hc-font-heading: ${fontStack(theme.fonts.heading, 'system-ui, sans-serif')};`,
    `--hc-font-body: ${fontStack(theme.fonts.body, 'system-ui, sans-serif')};`,
    `--hc-font-code: ${fontStack(theme.fonts.code, 'monospace')};`,
    `--hc-radius-buttons: ${RADIUS_PX[theme.radius.buttons] ?? '8px'};`,
    `--hc-radius-cards: ${RADIUS_PX[theme.radius.cards] ?? '8px'};`,
    `--hc-radius-inputs: ${RADIUS_PX[theme.radius.inputs] ?? '4px'};`,
    `--hc-space-unit: ${SPACE_UNIT[theme.density] ?? '8px'};`,
  ];
  return (
    `:root {\n  ${[...declarations(theme, false), ...shared].join('\n  ')}\n}\n` +
    `@media (prefers-color-scheme: dark) {\n  :root {\n    ${declarations(theme, true).join('\n    ')}\n  }\n}\n`
  );
}
