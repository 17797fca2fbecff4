import {
  createTheme,
  localStorageColorSchemeManager,
  Modal,
  type CSSVariablesResolver,
} from '@mantine/core';

/** The dashboard's look, shared with auth-server's pages (docs/dashboard.md "Look"). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shades whose white text and links meet WCAG AA contrast (4.5:1) on the page.
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/** Light, dark or the system's: remembered per browser. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'hc-dashboard-theme' });

/** Secondary ("dimmed") and field error text that meet WCAG AA contrast (4.5:1) in both schemes. */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
