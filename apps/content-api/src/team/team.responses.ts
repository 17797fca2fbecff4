/**
 * The answers of issue 38's team, invitation and key operations in the OpenAPI document
 * (merged into CONTENT_RESPONSES; the dashboard's typed client reads them).
 */
import type { ResponseTable } from '@hc/http';
import type { InvitationsController } from './invitations.controller';
import type { KeysController } from './keys.controller';
import type { TeamController } from './team.controller';
import {
  answers,
  arr,
  bool,
  fails,
  formatB,
  id,
  nullable,
  obj,
  ok,
  oneOfStr,
  refused,
  str,
  success,
} from '@hc/http';

const role = oneOfStr('owner', 'admin', 'editor', 'translator', 'viewer');
const member = obj({
  user_id: id,
  name: str,
  email: str,
  role,
  notes_access: bool,
  joined_at: formatB,
});
const invitation = obj({
  id,
  email: str,
  role,
  notes_access: bool,
  invited_by: str,
  created_at: formatB,
  expires_at: formatB,
  expired: bool,
  sent_count: id,
});
const keyFields = {
  id,
  name: str,
  prefix: str,
  scope: oneOfStr('read', 'read_write'),
  capabilities: obj({ design: bool, notes: bool }),
  created_by: obj({ id, name: str }),
  created_at: formatB,
  last_used_at: nullable(formatB),
};
const key = obj(keyFields);
const done = obj({ status: success, message: str });
const membership = obj({ status: success, member: obj({ site_id: id, user_id: id, role }) });
const invalid = refused('Invalid fields: shape (b) of spec 7, the messages by field.');
const admins = fails(
  '`role_forbidden` (not an Owner or Admin), or `session_required` for keys and tokens.',
);
const ownerProtected = fails(
  '`owner_protected`: the Owner changes only by a transfer; `role_forbidden`.',
);
const linkRefused = {
  404: fails('`invitation_invalid`: unknown, for another site, or revoked.'),
  410: fails('`invitation_used` or `invitation_expired`.'),
  422: invalid,
};

export const TEAM_RESPONSES: ResponseTable = {
  TeamController_members: {
    200: ok(
      'The members.',
      answers<TeamController, 'members'>()(obj({ status: success, members: arr(member) }), true),
    ),
    403: admins,
  },
  TeamController_change: {
    200: ok(
      'The membership as changed.',
      answers<TeamController, 'change'>()(
        obj({
          status: success,
          member: obj({ site_id: id, user_id: id, role, notes_access: bool }),
        }),
        true,
      ),
    ),
    403: ownerProtected,
    404: fails('Not a member of this site.'),
    422: invalid,
  },
  TeamController_remove: {
    200: ok('Removed.', answers<TeamController, 'remove'>()(done, true)),
    403: ownerProtected,
    404: fails('Not a member of this site.'),
  },
  TeamController_transfer: {
    200: ok(
      'The new Owner; the old Owner is now an Admin.',
      answers<TeamController, 'transfer'>()(
        obj({
          status: success,
          owner: obj({ user_id: id }),
          previous_owner: obj({ user_id: id, role: oneOfStr('admin') }),
        }),
        true,
      ),
    ),
    403: fails('`role_forbidden`: only the Owner transfers ownership.'),
    422: invalid,
  },
  TeamController_pending: {
    200: ok(
      'Pending invitations.',
      answers<TeamController, 'pending'>()(
        obj({ status: success, invitations: arr(invitation) }),
        true,
      ),
    ),
    403: admins,
  },
  TeamController_invite: {
    201: ok(
      'Invited; the email is on its way.',
      answers<TeamController, 'invite'>()(obj({ status: success, invitation }), true),
    ),
    403: admins,
    422: invalid,
  },
  TeamController_resend: {
    200: ok(
      'Sent again with a new link.',
      answers<TeamController, 'resend'>()(obj({ status: success, invitation }), true),
    ),
    403: admins,
    404: fails('No pending invitation with that id.'),
  },
  TeamController_revoke: {
    200: ok('Revoked.', answers<TeamController, 'revoke'>()(done, true)),
    403: admins,
    404: fails('No pending invitation with that id.'),
  },
  KeysController_list: {
    200: ok(
      'Active keys, newest first.',
      answers<KeysController, 'list'>()(obj({ status: success, keys: arr(key) }), true),
    ),
    403: admins,
  },
  KeysController_create: {
    201: ok(
      'The key with its token, shown only here.',
      answers<KeysController, 'create'>()(
        obj({ status: success, key: obj({ ...keyFields, token: str }) }),
        true,
      ),
    ),
    403: admins,
    422: invalid,
  },
  KeysController_revoke: {
    200: ok('Revoked.', answers<KeysController, 'revoke'>()(done, true)),
    403: admins,
    404: fails('No active API key with that id.'),
  },
  InvitationsController_show: {
    200: ok(
      'What the link offers.',
      answers<InvitationsController, 'show'>()(
        obj({
          status: success,
          invitation: obj({
            site: obj({ id, name: str }),
            email: str,
            role,
            invited_by: str,
            expires_at: formatB,
            account_exists: bool,
          }),
        }),
        true,
      ),
    ),
    ...linkRefused,
  },
  InvitationsController_accept: {
    200: ok(
      'The new person is a member; they sign in next.',
      answers<InvitationsController, 'accept'>()(membership, true),
    ),
    ...linkRefused,
  },
  InvitationsController_join: {
    200: ok(
      'The signed-in person is a member (a member already keeps their role).',
      answers<InvitationsController, 'join'>()(membership, true),
    ),
    403: fails('The invitation was sent to another email, or `session_required`.'),
    ...linkRefused,
  },
};
