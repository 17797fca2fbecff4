import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createAppRouter } from './router';
import { SessionProvider, useSession } from './session';
import { colorSchemeManager, cssVariables, theme } from './theme';

function Routes() {
  const session = useSession();
  const queries = useQueryClient();
  const [router] = useState(() => createAppRouter({ session, queries }));
  return <RouterProvider router={router} context={{ session, queries }} />;
}

export function App() {
  const [queries] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
        },
      }),
  );
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariables}
    >
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queries}>
        <ModalsProvider>
          <SessionProvider>
            <Routes />
          </SessionProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
