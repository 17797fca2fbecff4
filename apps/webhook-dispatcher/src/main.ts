import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createWebhookDispatcher } from './app.factory';

void runApp('webhook-dispatcher', createWebhookDispatcher);
