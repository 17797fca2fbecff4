export * from './factory';
export * from './test-app';
export * from './tls';
