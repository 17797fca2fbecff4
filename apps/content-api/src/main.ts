import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createContentApi } from './app.factory';

void runApp('content-api', createContentApi);
