import { Module } from '@nestjs/common';
import { MemberHandOffRepository } from './member-hand-off.repository';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in (issue 38): TOTP secrets sealed at rest, recovery codes hashed. */
@Module({
  providers: [TwoFactorRepository, MemberHandOffRepository, TwoFactorService],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}
