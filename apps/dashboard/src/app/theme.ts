import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** The dashboard's look, shared with auth-server's pages (docs/dashboard.md "Look"). */
export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/** Light, dark or the system's: remembered per browser. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'hc-dashboard-theme' });
