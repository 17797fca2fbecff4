import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useWrite } from '../ui/use-write';
import type { components } from '@hc/client';

type Role = 'admin' | 'editor' | 'translator' | 'viewer';
export type InviteBody = components['schemas']['InviteDto'];

/** The site's members and pending invitations (Owners and Admins, issue 38). */
export function useTeam(siteId: number) {
  const members = useQuery({
    queryKey: ['team', siteId, 'members'],
    queryFn: () => unwrap(api.GET('/v1/team/members')),
  });
  const invitations = useQuery({
    queryKey: ['team', siteId, 'invitations'],
    queryFn: () => unwrap(api.GET('/v1/team/invitations')),
  });
  return { members, invitations };
}

/** Every write of the team screen; each refreshes the lists once done. */
export function useTeamActions(siteId: number) {
  const key = ['team', siteId];
  return {
    invite: useWrite(key, (body: InviteBody) => unwrap(api.POST('/v1/team/invitations', { body }))),
    resend: useWrite(key, (id: number) =>
      unwrap(api.POST('/v1/team/invitations/{id}/resend', { params: { path: { id } } })),
    ),
    revoke: useWrite(key, (id: number) =>
      unwrap(api.DELETE('/v1/team/invitations/{id}', { params: { path: { id } } })),
    ),
    change: useWrite(key, (input: { userId: number; role?: Role; notes_access?: boolean }) =>
      unwrap(
        api.PATCH('/v1/team/members/{userId}', {
          params: { path: { userId: input.userId } },
          body: { role: input.role, notes_access: input.notes_access },
        }),
      ),
    ),
    remove: useWrite(key, (userId: number) =>
      unwrap(api.DELETE('/v1/team/members/{userId}', { params: { path: { userId } } })),
    ),
    transfer: useWrite(key, (userId: number) =>
      unwrap(api.POST('/v1/team/transfer', { body: { user_id: userId } })),
    ),
  };
}
