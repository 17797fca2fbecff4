import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createEventRelay } from './app.factory';

void runApp('event-relay', createEventRelay);
