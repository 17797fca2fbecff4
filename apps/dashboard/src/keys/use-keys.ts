import { useQuery } from '@tanstack/react-query';
import type { components } from '@hc/client';
import { api, unwrap } from '../api/client';
import { useWrite } from '../ui/use-write';

export type NewKey = components['schemas']['NewKeyDto'];

/** The site's active API keys, and creating (the token answered once) and revoking them. */
export function useKeys(siteId: number) {
  const key = ['keys', siteId];
  return {
    list: useQuery({ queryKey: key, queryFn: () => unwrap(api.GET('/v1/keys')) }),
    create: useWrite(key, (body: NewKey) => unwrap(api.POST('/v1/keys', { body }))),
    revoke: useWrite(key, (id: number) =>
      unwrap(api.DELETE('/v1/keys/{id}', { params: { path: { id } } })),
    ),
  };
}
