import { Module } from '@nestjs/common';
import { KeysService } from './keys.service';
import { MembersService } from './members.service';
import { UsersService } from './users.service';

@Module({
  providers: [UsersService, MembersService, KeysService],
  exports: [UsersService, MembersService, KeysService],
})
export class TeamModule {}
