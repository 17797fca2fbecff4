import { Module } from '@nestjs/common';
import { SessionController } from './session.controller';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';

/** The dashboard session's own routes: bootstrap and sign-out (issue 37). */
@Module({ controllers: [SessionController], providers: [SessionRepository, SessionService] })
export class SessionModule {}
