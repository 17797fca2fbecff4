import { KeysService } from '../team/keys.service';
import { MembersService } from '../team/members.service';
import { TeamModule } from '../team/team.module';
import { UsersService } from '../team/users.service';
import type { CommandGroup } from './command';
import { bool, requireInt, requireSiteFlag, requireStr, str } from './flags';

/** Users, members and API keys. */
export const TEAM_COMMANDS: CommandGroup = {
  modules: [TeamModule],
  commands: {
    'user create': async (app, f) => ({
      user: await app.get(UsersService).create({
        email: requireStr(f, 'email'),
        name: str(f, 'name'),
        password: requireStr(f, 'password'),
      }),
    }),

    'member add': async (app, f) => ({
      member: await app
        .get(MembersService)
        .add(
          requireSiteFlag(f),
          requireInt(f, 'user'),
          requireStr(f, 'role'),
          bool(f, 'notes-access') ?? false,
        ),
    }),

    'member update': async (app, f) => ({
      member: await app.get(MembersService).update(requireSiteFlag(f), requireInt(f, 'user'), {
        role: str(f, 'role'),
        notesAccess: bool(f, 'notes-access'),
      }),
    }),

    'member remove': async (app, f) => {
      await app.get(MembersService).remove(requireSiteFlag(f), requireInt(f, 'user'));
      return { removed: true };
    },

    'key create': async (app, f) => ({
      key: await app.get(KeysService).create({
        siteId: requireSiteFlag(f),
        userId: requireInt(f, 'user'),
        scope: str(f, 'scope'),
        design: bool(f, 'design') ?? false,
        notes: bool(f, 'notes') ?? false,
      }),
    }),

    'key revoke': async (app, f) => {
      await app.get(KeysService).revoke(requireInt(f, 'key'));
      return { revoked: true };
    },
  },
};
