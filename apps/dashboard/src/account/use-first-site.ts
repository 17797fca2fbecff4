import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export interface FirstSiteInput {
  name: string;
  subdomain: string;
  languages: string[];
  default_language: string;
}

/** POST /v1/session/sites (issue 38); the session is read again so the new site shows. */
export function useCreateFirstSite() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: FirstSiteInput) =>
      (await unwrap(api.POST('/v1/session/sites', { body }))).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: ['session'] }),
  });
}
