import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/**
 * The site's design (spec 4.12 GET /v1/template: the draft, the live version, the URLs) and its
 * themes by key, read through the session (Owner, Admin, Editor; others get 403
 * `design_forbidden`). Reads only: editing comes with the design editor.
 */
export function useDesign(siteId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['design', siteId],
    enabled,
    queryFn: async () => {
      const [template, themes] = await Promise.all([
        unwrap(api.GET('/v1/template')),
        unwrap(api.GET('/v1/template/themes')),
      ]);
      return {
        template: template.template,
        themeNames: new Map(themes.themes.map((t) => [t.key, t.name])),
      };
    },
  });
}
