// Issue 36: tracing first, before Nest and Express load (off unless OTEL_EXPORTER_OTLP_ENDPOINT).
import '@hc/http/tracing';
import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createReaderSite } from './app.factory';

void runApp('reader-site', createReaderSite);
