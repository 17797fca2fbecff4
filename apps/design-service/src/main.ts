import 'reflect-metadata';
import { runApp } from '@hc/http';
import { createDesignService } from './app.factory';

void runApp('design-service', createDesignService);
