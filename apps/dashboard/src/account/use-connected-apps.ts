import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@hc/client';
import { api, unwrap } from '../api/client';

export type ConnectedApps = components['schemas']['ConnectedApps'];
export type Connection = ConnectedApps['data'][number];

const KEY = ['connected-apps'];
const path = (c: Connection) => ({ user_id: c.user_id, client_id: c.client_id });

/**
 * Connected apps (spec 5.2, issue 38): the person's connections (the account owner every one of
 * the account), changing the sites one shares, disconnecting. Each write answers the list as it
 * is after it, which replaces the one shown.
 */
export function useConnectedApps() {
  const queries = useQueryClient();
  const settle = { onSuccess: (next: ConnectedApps) => queries.setQueryData(KEY, next) };
  return {
    list: useQuery({ queryKey: KEY, queryFn: () => unwrap(api.GET('/app/account/connections')) }),
    saveSites: useMutation({
      mutationFn: ({ connection, siteIds }: { connection: Connection; siteIds: number[] }) =>
        unwrap(
          api.PUT('/app/account/connections/{user_id}/{client_id}/sites', {
            params: { path: path(connection) },
            body: { site_ids: siteIds },
          }),
        ),
      ...settle,
    }),
    disconnect: useMutation({
      mutationFn: (connection: Connection) =>
        unwrap(
          api.DELETE('/app/account/connections/{user_id}/{client_id}', {
            params: { path: path(connection) },
          }),
        ),
      ...settle,
    }),
  };
}
