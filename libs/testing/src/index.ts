export * from './factory';
export * from './test-app';
