import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createDashboard } from './server/app.factory';

void runApp('dashboard', createDashboard);
