import { Module } from '@nestjs/common';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in (issue 38): TOTP secrets sealed at rest, recovery codes hashed. */
@Module({
  providers: [TwoFactorRepository, TwoFactorService],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}
