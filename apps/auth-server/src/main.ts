import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createAuthServer } from './app.factory';

void runApp('auth-server', createAuthServer);
