import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../app/theme';

/** Renders a component with the app's providers (theme, a fresh query cache without retries). */
export function renderWithProviders(ui: ReactElement) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
