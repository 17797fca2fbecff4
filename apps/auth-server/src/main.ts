// Issue 36: tracing first, before Nest and Express load (off unless OTEL_EXPORTER_OTLP_ENDPOINT).
import '@hc/http/tracing';
import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createAuthServer } from './app.factory';

void runApp('auth-server', createAuthServer);
