import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createReaderSite } from './app.factory';

void runApp('reader-site', createReaderSite);
