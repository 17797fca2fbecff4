import { Module } from '@nestjs/common';
import { KeysService } from './keys.service';
import { MembersService } from './members.service';
import { TeamRepository } from './team.repository';
import { UsersService } from './users.service';

@Module({
  providers: [TeamRepository, UsersService, MembersService, KeysService],
  exports: [TeamRepository, UsersService, MembersService, KeysService],
})
export class TeamModule {}
