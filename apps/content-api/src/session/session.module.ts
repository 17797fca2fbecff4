import { Module } from '@nestjs/common';
import { SessionController } from './session.controller';
import { SessionRepository } from './session.repository';

/** The dashboard session's own routes: bootstrap and sign-out (issue 37). */
@Module({ controllers: [SessionController], providers: [SessionRepository] })
export class SessionModule {}
