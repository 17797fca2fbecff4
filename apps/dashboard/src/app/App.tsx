import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { FullPageMessage } from '../ui/FullPageMessage';
import { createAppRouter } from './router';
import { SessionProvider, useSession } from './session';
import { colorSchemeManager, cssVariables, theme } from './theme';

const InvitationPage = lazy(() =>
  import('../team/InvitationPage').then((m) => ({ default: m.InvitationPage })),
);

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
          {/* Issue 38: an invitation link is opened before the invitee has a session. */}
          {location.pathname.startsWith('/app/invitations/') ? (
            <Suspense fallback={<FullPageMessage title="Loading…" />}>
              <InvitationPage />
            </Suspense>
          ) : (
            <SessionProvider>
              <Routes />
            </SessionProvider>
          )}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
